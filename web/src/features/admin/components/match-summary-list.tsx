import { Link } from 'react-router';
import type { MatchSummary } from '@versus/common/api/admin';
import { STATUS } from '@versus/common/match/statuses';
import { AwardResult } from './award-result';

/** Matches with a result (or a dispute about one): nothing to award. */
const RESULTED = new Set<number>([STATUS.finished, STATUS.disputed, STATUS.cancelled]);

const name = (n: string | null) => n ?? 'TBD';
const score = (m: MatchSummary) =>
  m.challengerScore === null || m.opponentScore === null
    ? ''
    : ` · ${m.challengerScore} : ${m.opponentScore}`;

/**
 * Matches as links with their teams, status and score; a match without a result offers Award result, and
 * `action` adds a control per row.
 */
export function MatchSummaryList({
  matches,
  empty,
  action,
}: {
  matches: MatchSummary[];
  empty: string;
  action?: (match: MatchSummary) => React.ReactNode;
}) {
  if (matches.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list">
      {matches.map((m) => (
        <li key={m.id} className="admin-row">
          <span>
            <Link to={m.url}>#{m.id}</Link> {name(m.challengerTeamName)} vs {name(m.opponentTeamName)}{' '}
            <span className="muted">
              ({m.type}) · {m.statusName}
              {score(m)}
            </span>
          </span>
          {!RESULTED.has(m.statusId) && <AwardResult matchId={m.id} />}
          {action?.(m)}
        </li>
      ))}
    </ul>
  );
}
