import { Link } from 'react-router';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAdminCancelMatch } from '../api/cancel-match';
import { useAdminOverview } from '../api/get-overview';
import { MatchSummaryList } from './match-summary-list';

/** Open disputes (to the ticket), scores awaiting approval, and matches an admin may cancel. */
export function AdminOverviewSections() {
  const query = useAdminOverview();
  const cancel = useAdminCancelMatch();
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) {
    return (
      <p>
        {errorStatus(query.error) === 403
          ? 'Only admins can see this page.'
          : 'The overview could not be loaded.'}
      </p>
    );
  }
  const { openDisputes, scoresAwaitingApproval, cancellableMatches } = query.data;

  const handleCancel = (matchId: number) => {
    if (!window.confirm(`Cancel match #${matchId}? The players are told and it cannot be undone.`)) return;
    cancel.mutate(matchId, {
      onSuccess: (message) => notify.success(message),
      onError: (err) => notify.error(`An error has occurred: ${errorMessage(err)}`),
    });
  };

  return (
    <>
      <section className="card" aria-labelledby="admin-disputes">
        <h2 id="admin-disputes" className="section-title">
          Open disputes ({openDisputes.length})
        </h2>
        {openDisputes.length === 0 ? (
          <p className="muted">No open disputes.</p>
        ) : (
          <ul className="plain-list">
            {openDisputes.map((d) => (
              <li key={d.ticketId} className="admin-row">
                <span>
                  <Link to={d.url}>Ticket #{d.ticketId}</Link>
                  {d.match && (
                    <>
                      {' '}
                      · match <Link to={d.match.url}>#{d.match.id}</Link>{' '}
                      {d.match.challengerTeamName ?? 'TBD'} vs {d.match.opponentTeamName ?? 'TBD'}
                    </>
                  )}
                  <span className="muted"> · by {d.openedBy ?? 'unknown'}: </span>
                  {d.description.length > 120 ? `${d.description.slice(0, 120)} ...` : d.description}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="admin-scores">
        <h2 id="admin-scores" className="section-title">
          Scores awaiting approval ({scoresAwaitingApproval.length})
        </h2>
        <MatchSummaryList matches={scoresAwaitingApproval} empty="No score is waiting for approval." />
      </section>
      <section className="card" aria-labelledby="admin-cancel">
        <h2 id="admin-cancel" className="section-title">
          Matches to cancel ({cancellableMatches.length})
        </h2>
        <MatchSummaryList
          matches={cancellableMatches}
          empty="No match is in progress."
          action={(m) => (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => handleCancel(m.id)}
              disabled={cancel.isPending}
              aria-label={`Cancel match #${m.id}`}
            >
              Cancel match
            </button>
          )}
        />
      </section>
    </>
  );
}
