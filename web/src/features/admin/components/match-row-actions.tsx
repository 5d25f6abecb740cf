import type { MatchSummary } from '@versus/common/api/admin';
import { CancelMatchButton } from './cancel-match-button';

/**
 * The controls of one open match in the admin's Matches page, right of its row. Each control is its own
 * component taking the row's match: a new one is one more line here.
 */
export function MatchRowActions({ match }: { match: MatchSummary }) {
  return (
    <span className="admin-row-actions" role="group" aria-label={`Actions for match #${match.id}`}>
      <CancelMatchButton match={match} />
    </span>
  );
}
