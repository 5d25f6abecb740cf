// The embedded default's elastic pool over the real interfaces: matches staged through the API, their
// servers asked over UDP rcon. A match that finds no free server gets one started in its location; the
// server stops when the match releases it.
import { scenarioAnswer } from '@versus/common/api/dev';
import { messageAnswer } from '@versus/common/api/primitives';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameServerHosts, matches, users } from '../../db/schema/index.ts';
import { rcon } from '../../lib/cod4x/rcon-client.ts';
import { buildTestApp, expectAnswer, type TestApp, type TestClient } from '../../test/index.ts';
import { runMatchCommand } from '../matches/index.ts';
import { poolRuntimeOf } from './game-server.registry.ts';

async function stageInProgress(admin: TestClient): Promise<number> {
  const res = await admin.post('/api/v1/dev/scenarios/in-progress');
  const { data } = expectAnswer(res, scenarioAnswer, 201);
  expect(data.statusId).toBe(STATUS.inProgress);
  return data.matchId;
}

describe('the embedded default starts a server for each match in play', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The wall clock: the pool's monitor ages the emulated servers' answers by it.
    t = await buildTestApp({ clock: 'real', env: { GAME_SERVER_PROVIDER: 'embedded' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const hostOf = async (matchId: number) => {
    const [row] = await t.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.matchId, matchId));
    if (!row) throw new Error(`match ${String(matchId)} has no server`);
    return row;
  };
  const adminId = async () => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    return row?.id ?? 0;
  };
  const status = (host: Awaited<ReturnType<typeof hostOf>>) => {
    const pool = poolRuntimeOf(t.app.ctx)?.pool;
    if (!pool) throw new Error('no pool');
    return pool.command(host, 'status');
  };

  it('gives two ladder matches in play a server each, in their location, and stops the one released', async () => {
    const admin = await t.signIn('admin');
    const firstMatch = await stageInProgress(admin);
    const first = await hostOf(firstMatch);
    const secondMatch = await stageInProgress(admin);
    const second = await hostOf(secondMatch);
    expect(second.id).not.toBe(first.id);
    expect(second.port).not.toBe(first.port);
    expect(second.locationId).toBe(first.locationId);
    // Both answer rcon over UDP, each configured for its own match.
    expect(await status(first)).toMatch(new RegExp(`^hostname: Versus #${String(firstMatch)} `));
    expect(await status(second)).toMatch(new RegExp(`^hostname: Versus #${String(secondMatch)} `));
    // The first took the location's always-on server; the second one was started for it.
    const started = second;
    const password = poolRuntimeOf(t.app.ctx)?.box.open(started.rconPasswordEnc) ?? '';

    // An admin cancels the match on the server started for it: the server stops and its row is retired.
    await runMatchCommand(t.app.ctx, secondMatch, {
      type: 'match.cancel',
      actor: { userId: await adminId(), isAdmin: true },
    });
    await expect
      .poll(
        async () => {
          const [row] = await t.app.db
            .select()
            .from(gameServerHosts)
            .where(eq(gameServerHosts.id, started.id));
          return row && { matchId: row.matchId, enabled: row.enabled, port: row.port };
        },
        { timeout: 10_000 },
      )
      .toEqual({ matchId: null, enabled: false, port: -started.id });
    await expect(
      rcon({ host: '127.0.0.1', port: started.port, password }, 'status', { timeoutMs: 500 }),
    ).rejects.toThrow();
    // The always-on server of the first match still answers.
    expect(await status(first)).toMatch(new RegExp(`^hostname: Versus #${String(firstMatch)} `));
  }, 60_000);

  it('starts no more servers than EMBEDDED_MAX_SERVERS: the log scenario is refused and cancelled', async () => {
    const capped = await buildTestApp({
      clock: 'real',
      env: {
        GAME_SERVER_PROVIDER: 'embedded',
        EMBEDDED_SERVERS_PER_LOCATION: '0',
        EMBEDDED_MAX_SERVERS: '1',
      },
    });
    try {
      const admin = await capped.signIn('admin');
      await stageInProgress(admin);
      const res = await admin.post('/api/v1/dev/scenarios/finished');
      const { message } = expectAnswer(res, messageAnswer, 409);
      expect(message).toMatch(
        /^No game server is available for match #(\d+), so its log cannot be staged\.$/,
      );
      const refusedId = Number(/#(\d+)/.exec(message)?.[1]);
      const [row] = await capped.app.db
        .select({ statusId: matches.statusId })
        .from(matches)
        .where(eq(matches.id, refusedId));
      expect(row?.statusId).toBe(STATUS.cancelled);
    } finally {
      await capped.close();
    }
  }, 60_000);

  it('after a restart, a match in play on a server started for it gets a new one', async () => {
    const first = await buildTestApp({
      clock: 'real',
      env: { GAME_SERVER_PROVIDER: 'embedded', EMBEDDED_SERVERS_PER_LOCATION: '0' },
    });
    const matchId = await stageInProgress(await first.signIn('admin'));
    await first.closeApp();
    const again = await buildTestApp({
      clock: 'real',
      database: first.database,
      env: { GAME_SERVER_PROVIDER: 'embedded', EMBEDDED_SERVERS_PER_LOCATION: '0' },
    });
    try {
      const [row] = await again.app.db
        .select()
        .from(gameServerHosts)
        .where(eq(gameServerHosts.matchId, matchId));
      expect(row?.port).toBeGreaterThan(0);
      const pool = poolRuntimeOf(again.app.ctx)?.pool;
      if (!row || !pool) throw new Error('no server after the restart');
      expect(await pool.command(row, 'status')).toMatch(new RegExp(`^hostname: Versus #${String(matchId)} `));
    } finally {
      await again.close();
    }
  }, 60_000);
});
