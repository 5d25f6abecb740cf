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

/** True when `name` is the username or the in-game name of a roster player other than `userId`. */
export function namesAnotherPlayer(name: string, userId: number, roster: readonly NamedPlayer[]): boolean {
  const wanted = normalizeName(name);
  return roster.some(
    (r) =>
      r.userId !== userId &&
      (normalizeName(r.username) === wanted ||
        (r.inGameName !== null && normalizeName(r.inGameName) === wanted)),
  );
}
