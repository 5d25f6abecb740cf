// The log agent's token: one per pool server, shown once to the admin who registers (or renews) it; only
// its SHA-256 is stored (`game_server_hosts.agent_token_hash`).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameServerHosts, type GameServerHostRow } from '../../db/schema/index.ts';
import { hashToken, machineTokenId, newMachineToken, tokenMatches } from '../../lib/bearer-token.ts';

const PREFIX = 'ga';

/** Mints (or replaces) the agent token of a pool server and returns it. */
export async function mintAgentToken(db: Db | Tx, hostId: number): Promise<string> {
  const token = newMachineToken(PREFIX, hostId);
  await db
    .update(gameServerHosts)
    .set({ agentTokenHash: hashToken(token) })
    .where(eq(gameServerHosts.id, hostId));
  return token;
}

/** The pool server this token belongs to, locked for the batch (`FOR UPDATE`), or null. */
export async function hostForAgentToken(tx: Tx, token: string | null): Promise<GameServerHostRow | null> {
  const id = token ? machineTokenId(PREFIX, token) : null;
  if (id === null || token === null) return null;
  const [row] = await tx.select().from(gameServerHosts).where(eq(gameServerHosts.id, id)).for('update');
  return row && tokenMatches(token, row.agentTokenHash) ? row : null;
}
