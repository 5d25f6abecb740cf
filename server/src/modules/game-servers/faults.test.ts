// Faults over real UDP: a server that never answers is skipped at allocation (the match waits, admins are
// told); a server that goes offline mid-match is reported (status OFFLINE in the match room, admins
// notified once), and an admin moves the match to another server, configured the same way.
import dgram from 'node:dgram';
import { matchServerAnswer } from '@versus/common/api/matches';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameServerHosts, notifications } from '../../db/schema/index.ts';
import { createPoolApp, Emulators, endVeto, matchAtLastVetoStep, registerServer } from './testing.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';

let t: TestApp;
const emulators = new Emulators();
afterEach(async () => {
  await t.close();
  await emulators.stop();
});

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function adminNotifications(type: string) {
  const rows = await t.app.db.select().from(notifications).where(eq(notifications.type, type));
  return rows;
}

describe('a server that never answers', () => {
  beforeEach(async () => {
    t = await createPoolApp();
  });

  it('is skipped at allocation: the match waits and admins are told', async () => {
    // A UDP port that swallows everything.
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const admin = await signIn(t.app, 'admin');
    const saved = await admin.post('/api/v1/admin/game-servers', {
      name: 'Silent',
      host: '127.0.0.1',
      port: silent.address().port,
      rconPassword: 'silent-password',
    });
    expect(saved.body).toMatchObject({ data: { check: { result: 'no-answer' }, status: 'OFFLINE' } });
    // Even if the admin believes it is fine, the allocation tries it and gives up on it.
    await t.app.db.update(gameServerHosts).set({ status: 'UNKNOWN' });
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    const [row] = await t.app.db.select().from(gameServerHosts);
    expect(row).toMatchObject({ matchId: null, status: 'OFFLINE', lastError: 'no-answer' });
    expect(await adminNotifications('game-server-failed')).not.toHaveLength(0);
    expect(await adminNotifications('game-server-unavailable')).not.toHaveLength(0);
    const box = await (await signIn(t.app, 'player1')).get(`/api/v1/match/${matchId}/server`);
    expect(box.body).toMatchObject({ data: { serverAvailable: false } });
    silent.close();
  });
});

describe('a server that goes offline mid-match', () => {
  beforeEach(async () => {
    t = await createPoolApp({ GAME_SERVER_MONITOR_INTERVAL_MS: '500', GAME_SERVER_OFFLINE_AFTER_MS: '1500' });
  });

  it('is reported offline once; an admin moves the match to another server', async () => {
    const first = await emulators.start();
    const { id: firstId } = await registerServer(t, first);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    expect(first.state().dvars._versus_match).toBe(String(matchId));
    const spare = await emulators.start();
    const { id: spareId } = await registerServer(t, spare);

    first.setOnline(false);
    await until(async () => (await adminNotifications('game-server-offline')).length > 0);
    const [row] = await t.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.id, firstId));
    expect(row?.status).toBe('OFFLINE');
    const player = await signIn(t.app, 'player1');
    const box = expectAnswer(await player.get(`/api/v1/match/${matchId}/server`), matchServerAnswer);
    const uuid = box.data.gameServerUuid;
    if (uuid === null) throw new Error('the match has no server');
    await new Promise((resolve) => setTimeout(resolve, 2100)); // past the shared getstatus answer
    expect((await player.get(`/api/v1/game-server/${uuid}/status`)).body).toMatchObject({
      status: 'OFFLINE',
    });
    // Later passes find it still silent and say nothing more.
    const notes = await adminNotifications('game-server-offline');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await adminNotifications('game-server-offline')).toHaveLength(notes.length);
    expect(new Set(notes.map((n) => n.userId)).size).toBe(notes.length); // once per admin
    expect(notes[0]?.message).toContain(`#${matchId}`);

    const admin = await signIn(t.app, 'admin');
    const moved = await admin.post(`/api/v1/admin/matches/${matchId}/move-server`, { gameServerId: spareId });
    expect(moved.status).toBe(200);
    expect(spare.state().dvars).toMatchObject({
      _versus_match: String(matchId),
      sv_hostname: `Versus #${matchId} Red Dragons vs Northern Wolves`,
    });
    const after = expectAnswer(await player.get(`/api/v1/match/${matchId}/server`), matchServerAnswer);
    expect(after.data.connectionString).toBe(
      `connect 127.0.0.1:${spare.port}; password ${spare.state().dvars.g_password}`,
    );
    expect(after.data.gameServerUuid).not.toBe(uuid);
    // The dead server is out of the pool until it answers again; then it is reset before reuse.
    const [dead] = await t.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.id, firstId));
    expect(dead).toMatchObject({ matchId: null, status: 'OFFLINE' });
    first.setOnline(true);
    await until(async () => {
      const [back] = await t.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.id, firstId));
      return back?.status === 'ONLINE';
    });
    expect(first.state().dvars._versus_match).toBe('0');
  });
});
