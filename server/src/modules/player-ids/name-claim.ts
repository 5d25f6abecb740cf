// In-game names as the log and the anticheat client give them, and the rule for a name claim: a name may
// match a player to his own seat of the match, never to another player's (docs/game-servers.md, "Player ids
// you can trust"). Pure.

/** Lower case without CoD colour codes (`^1Name` → `name`) and outer spaces. */
export function normalizeName(name: string): string {
  return name
    .replace(/\^[0-9]/g, '')
    .trim()
    .toLowerCase();
}

export interface NamedPlayer {
  userId: number;
  username: string;
  inGameName: string | null;
}

/**
 * True when `name` belongs to a roster player other than `userId`: it is his username, or his in-game name
 * and not `userId`'s own username (a username always names its owner first).
 */
export function namesAnotherPlayer(name: string, userId: number, roster: readonly NamedPlayer[]): boolean {
  const wanted = normalizeName(name);
  const others = roster.filter((r) => r.userId !== userId);
  if (others.some((r) => normalizeName(r.username) === wanted)) return true;
  const own = roster.find((r) => r.userId === userId);
  if (own && normalizeName(own.username) === wanted) return false;
  return others.some((r) => r.inGameName !== null && normalizeName(r.inGameName) === wanted);
}
