import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/local-time';
import { useAdminOverview } from '../api/get-overview';
import { AdminQueryState } from './admin-query-state';

const teamName = (name: string | null) => name ?? 'TBD';

/** `/admin/disputes`: open dispute tickets with their match and reason; the ticket page resolves them. */
export function DisputesPage() {
  const query = useAdminOverview();
  if (!query.isSuccess) {
    return (
      <>
        <h1>Disputes</h1>
        <AdminQueryState error={query.error} what="The disputes" />
      </>
    );
  }
  const disputes = query.data.openDisputes;
  return (
    <>
      <h1>Disputes</h1>
      <section className="card" aria-labelledby="admin-disputes">
        <h2 id="admin-disputes" className="section-title">
          Open disputes ({disputes.length})
        </h2>
        {disputes.length === 0 ? (
          <p className="muted">No open disputes.</p>
        ) : (
          <ul className="plain-list admin-list">
            {disputes.map((d) => (
              <li key={d.ticketId} className="admin-row">
                <span className="admin-row-main">
                  <Link to={d.url}>Ticket #{d.ticketId}</Link>
                  {d.match && (
                    <>
                      {' '}
                      · match <Link to={d.match.url}>#{d.match.id}</Link>{' '}
                      {teamName(d.match.challengerTeamName)} vs {teamName(d.match.opponentTeamName)}
                    </>
                  )}
                  <span className="muted">
                    {' '}
                    · opened <RelativeTime iso={d.createdAt} /> by {d.openedBy ?? 'unknown'}:{' '}
                  </span>
                  {d.description.length > 120 ? `${d.description.slice(0, 120)} ...` : d.description}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
