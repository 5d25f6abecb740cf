import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import type { MatchPlayer } from '../../types';
import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';

/**
 * One player of a team panel: profile link (avatar and formatted name), flag, class, rating, config. The flag
 * sits outside the link so the link's name is the player's name alone.
 */
export function PlayerRow({
  player,
  anticheatHtml,
}: {
  player: MatchPlayer;
  anticheatHtml?: string | undefined;
}) {
  return (
    <li className="player-row">
      <Link className="player-link" to={`/user/${encodeURIComponent(player.username)}`}>
        <Avatar src={player.image} />
        <SafeHtml className="player-name" html={player.formattedUsername} />
      </Link>
      <Flag code={player.flag} />
      {player.formattedClassName !== null && (
        <SafeHtml className="player-class" html={player.formattedClassName} />
      )}
      {player.elo !== null && (
        <span className="player-elo" title="Rating">
          {Math.round(player.elo)}
        </span>
      )}
      {anticheatHtml !== undefined && <SafeHtml className="player-anticheat" html={anticheatHtml} />}
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
    </li>
  );
}
