import type { TeamStats } from '@versus/common/api/team-stats';
import { fpsRatingColour, kdRatioColour } from '@versus/common/stats/colour-scales';
import { Link, useSearchParams } from 'react-router';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { Flag } from '@/components/ui/flag';
import { useTeamStatsOfPage } from '../api/get-team-stats';

function rating(value: number | null, colour: string | null) {
  const text = value === null ? '-' : value.toFixed(2);
  return colour ? (
    <span className={`stat-${colour}`} data-colour={colour}>
      {text}
    </span>
  ) : (
    text
  );
}

type Member = TeamStats['roster'][number];

const ROSTER_COLUMNS: readonly StackedColumn<Member>[] = [
  {
    label: 'Player',
    // One element: a phone's stacked cell spreads its children apart.
    value: (m) => (
      <span>
        <Flag code={m.flag} /> <Link to={`/user/${encodeURIComponent(m.username)}`}>{m.username}</Link>
      </span>
    ),
  },
  { label: 'Matches', value: (m) => m.matches },
  { label: 'Kills', value: (m) => m.kills },
  { label: 'Deaths', value: (m) => m.deaths },
  { label: 'K/D', value: (m) => rating(m.kdRatio, kdRatioColour(m.kdRatio)) },
  { label: 'FPS Rating', value: (m) => rating(m.fpsRating, fpsRatingColour(m.fpsRating)) },
];

/** Each roster member's figures in the finished matches they played for this team (stacked on a phone). */
function RosterFigures({ stats }: { stats: TeamStats }) {
  return (
    <StackedTable
      caption={`Roster figures for ${stats.team.name}`}
      columns={ROSTER_COLUMNS}
      rows={stats.roster}
      rowKey={(m) => String(m.userId)}
    />
  );
}

/** The head-to-head against the team picked (`?vs={slug}`). */
function HeadToHead({ stats, vs, onPick }: { stats: TeamStats; vs: string; onPick: (slug: string) => void }) {
  const h = stats.headToHead;
  // The opponent named in the address is offered even when the two have not finished a match yet.
  const options =
    h && !stats.opponents.some((o) => o.slug === h.opponent.slug)
      ? [...stats.opponents, h.opponent]
      : stats.opponents;
  return (
    <div className="head-to-head">
      <label>
        Head-to-head against{' '}
        <select value={vs} onChange={(e) => onPick(e.target.value)}>
          <option value="">Choose an opponent</option>
          {options.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      {h && (
        <>
          <p>
            <strong>
              {h.wins} W / {h.losses} L / {h.draws} D
            </strong>{' '}
            against <Link to={`/team/${encodeURIComponent(h.opponent.slug)}`}>{h.opponent.name}</Link> in{' '}
            {h.matches} {h.matches === 1 ? 'match' : 'matches'} · maps {h.mapsWon} : {h.mapsLost}
          </p>
          <ul className="plain-list">
            {h.recent.map((m) => (
              <li key={m.matchId}>
                <Link to={`/match/${String(m.matchId)}`}>
                  {m.teamScore ?? '-'} : {m.opponentScore ?? '-'}
                </Link>{' '}
                <span className={`result-${m.result}`}>{m.result}</span>
                {m.finishedAt && <span className="muted"> · {m.finishedAt.slice(0, 10)}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The team page's figures: results, roster figures and the head-to-head; map win rates go to the veto maps. */
export function TeamFigures({ slug }: { slug: string }) {
  const [params, setParams] = useSearchParams();
  const vs = params.get('vs') ?? '';
  const query = useTeamStatsOfPage(slug);
  const handlePick = (next: string) =>
    setParams(next ? { vs: next } : {}, { replace: true, preventScrollReset: true });
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) return <p className="muted">The team's figures could not be loaded.</p>;
  const stats = query.data;
  return (
    <section className="card" aria-labelledby="team-figures">
      <h2 id="team-figures" className="section-title">
        Figures
      </h2>
      <p>
        {stats.matches} finished {stats.matches === 1 ? 'match' : 'matches'}:{' '}
        <strong>
          {stats.wins} W / {stats.losses} L / {stats.draws} D
        </strong>
      </p>
      <RosterFigures stats={stats} />
      <HeadToHead stats={stats} vs={vs} onPick={handlePick} />
    </section>
  );
}
