// `GET /api/v1/match-detail/players/{matchId}`: both sides' rosters for the player list.
//
// Shape: `{data: {challenger: Player[], opponent: Player[]}}`, each Player
// `{id, username, image, flag, formattedUsername, formattedClassName, elo, weapon, config, isCaptain,
// isSub, anticheat}`: `formattedUsername`/`formattedClassName` are sanitized HTML (class null when the user
// has none); `elo` is the player's rating; `weapon` the weapon class picked in game (null: the game
// server does not report it yet, the list then shows `elo`); `config` the config link or null;
// `anticheat` `{running, html}` while the match is in progress (status 4), else null.
import type { MatchPlayer, MatchPlayers } from '@versus/common/api/match-players';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { Side } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import type { AnticheatStatus } from '../../anticheat/index.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { formatClassName, formatUsername } from '../../users/index.ts';

export function presentMatchPlayers(
  record: MatchRecord,
  subIds: ReadonlySet<number>,
  anticheat: ReadonlyMap<number, AnticheatStatus> | null,
): MatchPlayers {
  const { state } = record;
  const side = (which: Side): MatchPlayer[] => {
    const captainId =
      which === SIDE_CHALLENGER ? state.challenger.captainUserId : state.opponent.captainUserId;
    return state.players
      .filter((p) => p.side === which)
      .flatMap((p) => {
        const u = record.users.get(p.userId);
        if (!u) return [];
        const ac = anticheat && state.statusId === STATUS.inProgress ? anticheat.get(u.id) : undefined;
        return [
          {
            id: u.id,
            username: u.username,
            image: u.image,
            flag: u.flag,
            formattedUsername: formatUsername(u),
            formattedClassName: formatClassName(u.className),
            elo: u.elo,
            weapon: null,
            config: u.configUrl,
            isCaptain: u.id === captainId,
            isSub: subIds.has(u.id),
            anticheat: ac ? { running: ac.running, html: ac.html } : null,
          },
        ];
      });
  };
  return { challenger: side(SIDE_CHALLENGER), opponent: side(SIDE_OPPONENT) };
}
