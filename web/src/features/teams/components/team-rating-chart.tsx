import { LineChart } from '@/components/charts/line-chart';
import { useTeamStatsOfPage } from '../api/get-team-stats';

/**
 * The team page's results over time: the team rating after each change (docs/statistics.md, "Team figures"),
 * drawn from the team's figures answer, with its table for screen readers and "Show as table".
 */
export function TeamRatingChart({ slug }: { slug: string }) {
  const points = useTeamStatsOfPage(slug).data?.ratingOverTime;
  if (!points) return null;
  return (
    <section className="card" aria-labelledby="team-results-over-time">
      <h2 id="team-results-over-time" className="section-title">
        Results over time
      </h2>
      <p className="muted">
        The team rating after each rated match (a reversed result or an admin&apos;s change moves it too). A
        ladder&apos;s standings are a rating of their own, shown on the ladder.
      </p>
      {points.length === 0 ? (
        <p className="muted">No rated match yet.</p>
      ) : (
        <LineChart
          title="Team rating after each match"
          valueLabel="rating after each match"
          series={[{ label: 'Team rating', points }]}
          rowLink={(x) => {
            const matchId = points.find((p) => p.x === x)?.matchId;
            return matchId ? { to: `/match/${String(matchId)}`, label: `#${String(matchId)}` } : null;
          }}
        />
      )}
    </section>
  );
}
