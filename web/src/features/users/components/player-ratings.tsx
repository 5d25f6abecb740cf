import type { RatingSeries } from '@versus/common/api/player-stats';
import { LineChart } from '@/components/charts/line-chart';

/**
 * The ratings over time, each kind said in words: the player's own rating (solo-queue) and the rating of
 * each team they played for (ladder and tournament matches), so a team's "+75" never reads as the player's.
 */
export function PlayerRatings({ ratings }: { ratings: RatingSeries[] }) {
  const drawn = ratings.filter((s) => s.points.length > 0);
  return (
    <section className="card" aria-labelledby="profile-ratings">
      <h2 id="profile-ratings" className="section-title">
        Ratings over time
      </h2>
      <ul className="rating-kinds">
        <li>
          <strong>Player rating</strong>: this player's own rating. Only solo-queue matches move it.
        </li>
        <li>
          <strong>Team rating</strong>: the rating of a team, moved by its ladder and tournament matches;
          drawn here at the matches this player played for the team. A ladder's standings are a third rating,
          shown on the ladder.
        </li>
      </ul>
      {drawn.length === 0 ? (
        <p className="muted">No rating has changed in a match this player played yet.</p>
      ) : (
        <LineChart
          title="Rating after each change"
          valueLabel="rating after each change"
          series={drawn.map((s) => ({ label: s.label, points: s.points }))}
        />
      )}
      <ul className="plain-list">
        {ratings.map((s) => (
          <li key={s.label}>
            {s.label}: <strong>{Math.round(s.current)}</strong> now
          </li>
        ))}
      </ul>
    </section>
  );
}
