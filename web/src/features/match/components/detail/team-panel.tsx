import { Link } from 'react-router';
import type { MatchDetailTeam } from '@versus/common/api/matches';
import { provisionalNote } from '@versus/common/match/rating-texts';
import { STATUS, type MatchType } from '@versus/common/match/statuses';
import type { ListedPlayer } from '../../api/players';
import { PlayerRow } from './player-row';

/** Statuses in which the team rating is hidden: 5, 6 and 7, the match being over. */
const RATING_HIDDEN = new Set<number>([STATUS.finished, STATUS.disputed, STATUS.cancelled]);

interface TeamPanelProps {
  team: MatchDetailTeam;
  type: MatchType;
  statusId: number;
  /** Accessible name of the panel: "Challenger" or "Opponent". */
  role: string;
  /** Anticheat badge HTML by user id (getMembers); shown per row in status 4 only. */
  anticheat?: Record<string, string> | undefined;
  /** This side's rows of the player list (weapon, captain, sub), when loaded. */
  listed?: ListedPlayer[] | undefined;
  /** Signed in: each other player's row offers "Report" (the match as evidence). */
  report?: { matchId: number; viewerId: number } | undefined;
}

/**
 * One side of the match: team name (with side or ready state), View link or rating, and its one roster
 * (the detail's players joined with the player list's weapon and captain marks, and in status 4 the
 * anticheat badges): every player is listed once. A rating marked "(provisional)" is explained once, under
 * the roster, in words.
 */
export function TeamPanel({ team, type, statusId, role, anticheat, listed, report }: TeamPanelProps) {
  const showsTeamLink = type === 'ladder' || type === 'tournament';
  // A row shows the rating unless the game server reported the player's weapon class instead.
  const provisionalShown = team.players.some(
    (p) => p.provisional && (listed?.find((l) => l.id === p.id)?.weapon ?? null) === null,
  );
  return (
    <section className="match-card team-panel" aria-label={`${role}: ${team.name}`}>
      <div className="team-panel-header">
        <h2 className="team-panel-name">
          {team.name}
          {type === 'solo-queue' && ` (${team.side})`}
          {type === 'tournament' && statusId === STATUS.readyUp && (
            <>
              {' '}
              <span className={team.ready ? 'tag tag-success' : 'tag tag-danger'}>
                {team.ready ? 'READY' : 'NOT READY'}
              </span>
            </>
          )}
        </h2>
        {showsTeamLink && team.slug && (
          <Link
            className="button button-ghost button-small"
            to={`/team/${team.slug}`}
            aria-label={`View ${team.name}`}
          >
            View
          </Link>
        )}
        {!showsTeamLink && !RATING_HIDDEN.has(statusId) && (
          <span className="team-rating">Rating: {Math.round(team.elo)}</span>
        )}
      </div>
      {team.players.length === 0 ? (
        <p className="muted">No players selected at the moment.</p>
      ) : (
        <ul className="player-list">
          {team.players.map((player) => (
            <PlayerRow
              key={player.id}
              player={player}
              listed={listed?.find((p) => p.id === player.id)}
              reportMatchId={report && report.viewerId !== player.id ? report.matchId : undefined}
              anticheatHtml={
                statusId === STATUS.inProgress ? (anticheat?.[String(player.id)] ?? '') : undefined
              }
            />
          ))}
        </ul>
      )}
      {provisionalShown && <p className="provisional-note">{provisionalNote('player')}</p>}
    </section>
  );
}
