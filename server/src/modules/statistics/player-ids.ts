// Ties log players (GUID + names) to accounts and match sides; pure. Order: the GUID (CoD4x player id) an
// account is bound to by its owner or an admin (`user_game_accounts`), then the in-game name on the roster,
// then the roster's username. The id a heartbeat confirmed on the roster is not used, and an in-game name that
// is another roster player's name is ignored: a claim never moves statistics between accounts
// (docs/game-servers.md, "Player ids you can trust"). Names only ever match
// players of this match, so a look-alike name cannot pull statistics onto a stranger's account. A player
// nobody matches keeps `userId: null` and gets the side of the team-mates they played with.
import { namesAnotherPlayer, normalizeName } from '../player-ids/index.ts';
import type { LogMapStats } from './log-stats.ts';

export interface RosterPlayer {
  userId: number;
  side: number;
  username: string;
  inGameName: string | null;
  guid: string | null;
}

export interface LogIdentity {
  userId: number | null;
  /** 1 | 2, or null when neither the roster nor the team-mates tell. */
  side: 1 | 2 | null;
}

function isSide(side: number | undefined): side is 1 | 2 {
  return side === 1 || side === 2;
}

/**
 * The roster's in-game name when it names this player only: a name claim (the anticheat heartbeat's in-game
 * name) that is another roster player's username or in-game name is ignored.
 */
function ownInGameName(player: RosterPlayer, roster: readonly RosterPlayer[]): string | null {
  if (player.inGameName === null) return null;
  return namesAnotherPlayer(player.inGameName, player.userId, roster) ? null : player.inGameName;
}

/**
 * Resolves every player key of the log. `accountsByGuid` maps a GUID to the user id that owns it for this
 * game.
 */
export function resolveIdentities(
  maps: readonly LogMapStats[],
  roster: readonly RosterPlayer[],
  accountsByGuid: ReadonlyMap<string, number>,
): Map<string, LogIdentity> {
  const names = new Map<string, Set<string>>();
  const guids = new Map<string, string>();
  for (const map of maps) {
    for (const p of map.players) {
      guids.set(p.key, p.guid);
      let set = names.get(p.key);
      if (!set) names.set(p.key, (set = new Set()));
      set.add(normalizeName(p.name));
    }
  }
  const rosterByUser = new Map(roster.map((r) => [r.userId, r]));
  const taken = new Set<number>();
  const userOf = new Map<string, number>();
  const claim = (key: string, userId: number | undefined) => {
    if (userId === undefined || userOf.has(key) || taken.has(userId)) return;
    userOf.set(key, userId);
    taken.add(userId);
  };
  for (const [key, guid] of guids) if (guid) claim(key, accountsByGuid.get(guid));
  const byName = (pick: (r: RosterPlayer) => string | null) => {
    for (const [key, set] of names) {
      claim(
        key,
        roster.find((r) => !taken.has(r.userId) && set.has(normalizeName(pick(r) ?? '\u0000')))?.userId,
      );
    }
  };
  byName((r) => ownInGameName(r, roster));
  byName((r) => r.username);

  const identities = new Map<string, LogIdentity>();
  for (const key of guids.keys()) {
    const userId = userOf.get(key) ?? null;
    const side = userId === null ? undefined : rosterByUser.get(userId)?.side;
    identities.set(key, { userId, side: isSide(side) ? side : null });
  }
  inferSidesFromTeamMates(maps, identities);
  return identities;
}

/** A player without a known side takes the majority side of those they shared a game team with. */
function inferSidesFromTeamMates(maps: readonly LogMapStats[], identities: Map<string, LogIdentity>): void {
  const votes = new Map<string, { 1: number; 2: number }>();
  for (const map of maps) {
    for (const round of map.rounds) {
      for (const team of [round.allies, round.axis]) {
        for (const key of team) {
          if (identities.get(key)?.side !== null) continue;
          const tally = votes.get(key) ?? { 1: 0, 2: 0 };
          for (const mate of team) {
            const side = identities.get(mate)?.side;
            if (side) tally[side]++;
          }
          votes.set(key, tally);
        }
      }
    }
  }
  for (const [key, tally] of votes) {
    const identity = identities.get(key);
    if (!identity || tally[1] === tally[2]) continue;
    identity.side = tally[1] > tally[2] ? 1 : 2;
  }
}

/**
 * Rounds won per side on one map: each round goes to the side most of the winning game team belongs to.
 * Null when some round's winner cannot be placed (nobody on that team is known).
 */
export function mapScore(
  map: LogMapStats,
  identities: ReadonlyMap<string, LogIdentity>,
): { first: number; second: number } | null {
  let first = 0;
  let second = 0;
  for (const round of map.rounds) {
    if (round.winner === 'tie') continue;
    const team = round.winner === 'allies' ? round.allies : round.axis;
    let ones = 0;
    let twos = 0;
    for (const key of team) {
      const side = identities.get(key)?.side;
      if (side === 1) ones++;
      else if (side === 2) twos++;
    }
    if (ones === twos) return null;
    if (ones > twos) first++;
    else second++;
  }
  return map.rounds.length === 0 ? null : { first, second };
}
