import type { MatchSummary } from '@versus/common/api/admin';
import { STATUS } from '@versus/common/match/statuses';
import { AwardResult } from './award-result';
import { CancelMatchButton } from './cancel-match-button';

/** Matches with a result (or a dispute about one): nothing to award. */
const RESULTED = new Set<number>([STATUS.finished, STATUS.disputed, STATUS.cancelled]);

/**
 * The controls of one open match in the admin's Matches page, right of its row. Each control is its own
 * component taking the row's match: a new one is one more line here.
 */
export function MatchRowActions({ match }: { match: MatchSummary }) {
  return (
    <span className="admin-row-actions" role="group" aria-label={`Actions for match #${match.id}`}>
      {!RESULTED.has(match.statusId) && <AwardResult matchId={match.id} />}
      <CancelMatchButton match={match} />
    </span>
  );
}
