// The embedded default's demo driver: once the pool configured an emulated server for a match, the roster's
// players join it with the player ids linked to their accounts, and after a short warm-up the match goes live.
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { userGameAccounts } from '../../db/schema/index.ts';
import type { Cod4xEmulator } from '../../emulator/cod4x-emulator.ts';
import type { Allocation } from './pool.ts';

/** Trusted player ids (linked in settings or by an admin) of users, for one game. */
export async function linkedPlayerIds(
  db: Db,
  gameId: number,
  userIds: number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userGameAccounts.userId, guid: userGameAccounts.guid })
    .from(userGameAccounts)
    .where(
      and(
        eq(userGameAccounts.gameId, gameId),
        inArray(userGameAccounts.userId, userIds),
        inArray(userGameAccounts.source, ['settings', 'admin']),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.guid]));
}

/** Joins the match's players on the emulator and takes it live a second later, if `stillRunning()`. */
export async function playDemoMatch(
  app: Pick<AppContext, 'db' | 'log'>,
  emulator: Cod4xEmulator,
  allocation: Allocation,
  stillRunning: () => boolean,
): Promise<void> {
  const players = allocation.record.state.players.filter((p) => p.side === 1 || p.side === 2);
  const ids = await linkedPlayerIds(
    app.db,
    allocation.record.row.gameId,
    players.map((p) => p.userId),
  );
  for (const p of players) {
    const playerId = ids.get(p.userId);
    if (!playerId) continue; // no linked id: this player would be kicked by the roster lock anyway
    emulator.join({
      playerId,
      name: p.username,
      side: p.side === 1 ? 1 : 2,
      password: allocation.password,
    });
  }
  // A short warm-up before the match goes live, as players ready up (unless the server stopped meanwhile).
  setTimeout(() => {
    if (!stillRunning()) return;
    try {
      emulator.goLive();
    } catch (err) {
      app.log.warn({ err, matchId: allocation.matchId }, 'embedded game server: could not go live');
    }
  }, 1000).unref();
}
