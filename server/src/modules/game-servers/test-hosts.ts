// Test helpers for pool servers: a registered host row (with its agent token) and an allocation of a
// match on it, written straight to the database. Not a test file itself.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameServerHosts, gameServers } from '../../db/schema/index.ts';
import { mintAgentToken } from '../match-log/index.ts';
import { SecretBox } from './secret-box.ts';
import { TEST_SECRET_KEY } from './secret-key.ts';

export async function insertTestHost(
  db: Db,
  values: { name?: string; host?: string; port: number; rconPassword?: string; locationId?: number | null },
): Promise<{ hostId: number; agentToken: string }> {
  const [row] = await db
    .insert(gameServerHosts)
    .values({
      name: values.name ?? `Test server ${values.port}`,
      host: values.host ?? '127.0.0.1',
      port: values.port,
      rconPasswordEnc: new SecretBox(TEST_SECRET_KEY).seal(values.rconPassword ?? 'test-rcon-pass'),
      locationId: values.locationId ?? null,
    })
    .returning({ id: gameServerHosts.id });
  if (!row) throw new Error('no host');
  return { hostId: row.id, agentToken: await mintAgentToken(db, row.id) };
}

/** Marks `gameServerId` (a match's game_servers row) as running on the host, as an allocation does. */
export async function allocateTestHost(db: Db, hostId: number, gameServerId: number, matchId: number) {
  await db.update(gameServers).set({ hostId }).where(eq(gameServers.id, gameServerId));
  await db.update(gameServerHosts).set({ matchId }).where(eq(gameServerHosts.id, hostId));
}
