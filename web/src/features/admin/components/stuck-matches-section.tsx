import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/local-time';
import { useStuckMatches } from '../api/stuck-matches';
import { AdminQueryState } from './admin-query-state';

const name = (n: string | null) => n ?? 'TBD';

/**
 * The Matches page's "Stuck matches": open matches that no clock, pending effect or person has moved on for
 * longer than the platform's thresholds, longest stuck first, each with its status, since when and why.
 */
export function StuckMatchesSection() {
  const query = useStuckMatches();
  return (
    <section className="card" id="stuck" aria-labelledby="admin-stuck-matches">
      <h2 id="admin-stuck-matches" className="section-title">
        Stuck matches{query.isSuccess ? ` (${query.data.length})` : ''}
      </h2>
      {!query.isSuccess ? (
        <AdminQueryState error={query.error} what="The stuck matches" />
      ) : query.data.length === 0 ? (
        <p className="muted">No match is stuck.</p>
      ) : (
        <ul className="plain-list admin-list" aria-label="Stuck matches">
          {query.data.map((m) => (
            <li key={m.matchId} className="admin-row" aria-label={`Stuck match #${m.matchId}`}>
              <span className="admin-row-main">
                <Link to={m.url}>#{m.matchId}</Link> {name(m.challengerTeamName)} vs{' '}
                {name(m.opponentTeamName)}{' '}
                <span className="muted">
                  · {m.statusName} · since <RelativeTime iso={m.since} />
                </span>
                <br />
                <strong>{m.reason}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
