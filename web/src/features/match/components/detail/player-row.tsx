import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import type { MatchDetailPlayer } from '@versus/common/api/matches';
import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';
import type { ListedPlayer } from '../../api/players';
import { ReportButton } from '@/components/moderation/report-button';

interface PlayerRowProps {
  player: MatchDetailPlayer;
  /** The player list's row of the same player: weapon class, captain and sub marks. */
  listed?: ListedPlayer | undefined;
  /** In status 4: the anticheat badge HTML (empty string when the player has none yet). */
  anticheatHtml?: string | undefined;
  /** When set, the row offers "Report" with this match as the evidence. */
  reportMatchId?: number | undefined;
}

/**
 * One player of a side's roster: profile link (avatar and formatted name), flag, captain or sub mark, class,
 * the weapon class picked in game or else the rating (a provisional one says so; the panel says what it means), config, and in
 * status 4 the FPS AC badge. The flag sits outside the link so the link's name is the player's name alone.
 */
export function PlayerRow({ player, listed, anticheatHtml, reportMatchId }: PlayerRowProps) {
  const weapon = listed?.weapon ?? null;
  return (
    <li className="player-row">
      <span className="player-who">
        <Link className="player-link" to={`/user/${encodeURIComponent(player.username)}`}>
          <Avatar src={player.image} />
          <SafeHtml className="player-name" html={player.formattedUsername} />
        </Link>
        <Flag code={player.flag} />
        {listed?.isCaptain && (
          <span className="role-tag" title="Captain">
            C
          </span>
        )}
        {listed?.isSub && <span className="role-tag">Sub</span>}
      </span>
      <span className="player-facts">
        {player.formattedClassName !== null && (
          <SafeHtml className="player-class" html={player.formattedClassName} />
        )}
        {weapon !== null ? (
          <span className="player-elo" title="Weapon">
            {weapon}
          </span>
        ) : (
          player.elo !== null && (
            <span className="player-elo" title="Rating">
              {Math.round(player.elo)}
              {player.provisional && <span className="rating-provisional-text"> (provisional)</span>}
            </span>
          )
        )}
        {player.config && (
          <a
            className="player-config"
            href={player.config}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Config of ${player.username} (opens in a new tab)`}
          >
            Config
          </a>
        )}
        {anticheatHtml !== undefined && (
          <span className="player-anticheat">
            <span className="player-anticheat-label">FPS AC</span>
            {anticheatHtml ? <SafeHtml html={anticheatHtml} /> : <span className="muted">-</span>}
          </span>
        )}
        {reportMatchId !== undefined && (
          <ReportButton
            className="button button-ghost button-small player-report"
            target={{ userId: player.id, username: player.username, matchId: reportMatchId }}
          />
        )}
      </span>
    </li>
  );
}
