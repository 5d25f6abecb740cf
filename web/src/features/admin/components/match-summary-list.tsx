import { Link } from 'react-router';
import type { MatchSummary } from '@versus/common/api/admin';
import { RelativeTime } from '@/components/ui/local-time';

const name = (n: string | null) => n ?? 'TBD';
const score = (m: MatchSummary) =>
  m.challengerScore === null || m.opponentScore === null
    ? ''
    : ` · ${m.challengerScore}\u00a0:\u00a0${m.opponentScore}`; // kept on one line

/** When the row's match happened, as far as its state says: the score's deadline, its start or its creation. */
function When({ match }: { match: MatchSummary }) {
  if (match.scoreApprovalDeadline) {
    return (
      <>
        {' '}
        · approval deadline <RelativeTime iso={match.scoreApprovalDeadline} />
      </>
    );
  }
  if (match.startDate) {
    return (
      <>
        {' '}
        · start <RelativeTime iso={match.startDate} />
      </>
    );
  }
  return (
    <>
      {' '}
      · created <RelativeTime iso={match.createdAt} />
    </>
  );
}

/**
 * Matches as links with their teams, type, status, score and time; `actions` adds the controls of a row
 * (the open matches mount `MatchRowActions` there).
 */
export function MatchSummaryList({
  matches,
  empty,
  label,
  actions,
}: {
  matches: MatchSummary[];
  empty: string;
  label: string;
  actions?: (match: MatchSummary) => React.ReactNode;
}) {
  if (matches.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list admin-list" aria-label={label}>
      {matches.map((m) => (
        <li key={m.id} className="admin-row" aria-label={`Match #${m.id}`}>
          <span className="admin-row-main">
            <Link to={m.url}>#{m.id}</Link> {name(m.challengerTeamName)} vs {name(m.opponentTeamName)}{' '}
            <span className="muted">
              ({m.type}) · {m.statusName}
              {score(m)}
              <When match={m} />
            </span>
          </span>
          {actions?.(m)}
        </li>
      ))}
    </ul>
  );
}
