import { matchDetailUpdateChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/ui/pager';
import { useChannelEvent } from '@/hooks/use-echo';
import { activeMatchesKeys, useActiveMatches } from '../api/get-active-matches';
import type { ActiveMatch } from '@versus/common/api/active-matches';
import { LocalTime } from '@/components/ui/local-time';
import { activeMatchBadge, activeMatchDate, teamNameOrTbd } from '../utils/active-match-row';

/**
 * One listed match. Its badge follows the match's status: each status change of a listed match (its public
 * `MatchDetailUpdate`) reloads the list, so a match that left the veto no longer says "Map select".
 */
function ActiveMatchRow({ match }: { match: ActiveMatch }) {
  const queryClient = useQueryClient();
  useChannelEvent(matchDetailUpdateChannel(match.id), 'MatchDetailUpdate', () => {
    void queryClient.invalidateQueries({ queryKey: activeMatchesKeys.all });
  });
  const date = activeMatchDate(match);
  const badge = activeMatchBadge(match.statusId);
  return (
    <li>
      <Link className="active-match" to={`/match/${match.id}`}>
        {date !== null && <LocalTime className="active-match-date" iso={date} style="dateTime" />}
        <span className="active-match-teams">
          {teamNameOrTbd(match.challengerTeamName)} <span className="muted">vs</span>{' '}
          {teamNameOrTbd(match.opponentTeamName)}
        </span>
        {badge !== null && <span className="status-badge">{badge}</span>}
      </Link>
    </li>
  );
}

/** The Active games panel body (docs/web-layout.md): a paginated list of links to the user's matches. */
export function ActiveMatchesPanel() {
  const [page, setPage] = useState(1);
  const query = useActiveMatches(page);
  if (query.isPending) return <p className="panel-empty">Loading ...</p>;
  if (query.isError) return <p className="panel-empty">Your matches could not be loaded.</p>;
  const { data: matches, last_page: lastPage } = query.data;
  if (matches.length === 0) return <p className="panel-empty">You don't have any ongoing matches!</p>;
  return (
    <>
      <ul className="panel-list">
        {matches.map((match) => (
          <ActiveMatchRow key={match.id} match={match} />
        ))}
      </ul>
      <Pager page={page} lastPage={lastPage} onPage={setPage} label="Active games pages" />
    </>
  );
}
