// Per-server tokens: a game server authenticates its log posts with a token minted when it is provisioned.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameServers, type GameServerRow } from '../../db/schema/index.ts';
import { machineTokenId, newMachineToken, hashToken, tokenMatches } from '../../lib/bearer-token.ts';

const PREFIX = 'gs';

/**
 * Mints (or replaces) the log token of a game server and returns it; only its SHA-256 is stored. Call it when
 * the server is provisioned and hand the token to the server (e.g. as a dvar or in its log shipper config).
 */
export async function mintGameServerToken(db: Db | Tx, gameServerId: number): Promise<string> {
  const token = newMachineToken(PREFIX, gameServerId);
  await db
    .update(gameServers)
    .set({ tokenHash: hashToken(token) })
    .where(eq(gameServers.id, gameServerId));
  return token;
}

/** The game server of `matchId` this token belongs to, or null (wrong token, other match, no token). */
export async function gameServerForToken(
  db: Db | Tx,
  matchId: number,
  token: string,
): Promise<GameServerRow | null> {
  const id = machineTokenId(PREFIX, token);
  if (id === null) return null;
  const [row] = await db.select().from(gameServers).where(eq(gameServers.id, id));
  if (!row || row.matchId !== matchId || !tokenMatches(token, row.tokenHash)) return null;
  return row;
}
