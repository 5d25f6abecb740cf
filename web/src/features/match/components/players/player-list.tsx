import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';
import { SafeHtml } from '@/components/ui/safe-html';
import { useAnticheat, useMatchPlayers, type ListedPlayer } from '../../api/players';

const IN_PROGRESS = 4;

interface PlayerTableProps {
  title: string;
  players: ListedPlayer[];
  /** User id -> anticheat badge HTML; null outside status 4. */
  anticheat: Record<string, string> | null;
}

function PlayerTable({ title, players, anticheat }: PlayerTableProps) {
  return (
    <table className="player-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col">Weapon / Rating</th>
          <th scope="col">Config</th>
          <th scope="col">FPS AC</th>
        </tr>
      </thead>
      <tbody>
        {players.map((p) => (
          <tr key={p.id}>
            <th scope="row">
              <Link className="player-link" to={`/user/${encodeURIComponent(p.username)}`}>
                <Avatar src={p.image} size={24} />
                <SafeHtml className="player-name" html={p.formattedUsername} />
              </Link>{' '}
              <Flag code={p.flag} />
            </th>
            <td>{p.weapon ?? Math.round(p.elo)}</td>
            <td>
              {p.config ? (
                <a
                  href={p.config}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Config of ${p.username}`}
                >
                  Config
                </a>
              ) : (
                '-'
              )}
            </td>
            <td>{anticheat?.[String(p.id)] ? <SafeHtml html={anticheat[String(p.id)] ?? ''} /> : '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface PlayerListProps {
  matchId: number;
  statusId: number;
  challengerName: string;
  opponentName: string;
}

/** Both rosters with weapon (or rating), config and, in status 4, the anticheat badge polled every 30 s. */
export function PlayerList({ matchId, statusId, challengerName, opponentName }: PlayerListProps) {
  const players = useMatchPlayers(matchId);
  const inProgress = statusId === IN_PROGRESS;
  const anticheat = useAnticheat(matchId, inProgress);
  if (!players.data) return null;
  const badges = inProgress ? (anticheat.data ?? null) : null;
  return (
    <section className="match-card player-list-panel" aria-labelledby="players-heading">
      <h2 id="players-heading">Players</h2>
      <div className="player-tables">
        <PlayerTable title={challengerName} players={players.data.challenger} anticheat={badges} />
        <PlayerTable title={opponentName} players={players.data.opponent} anticheat={badges} />
      </div>
    </section>
  );
}
