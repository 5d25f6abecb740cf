// The pool over real UDP against the emulator: registering servers (rcon checked, password encrypted and
// never shown), allocation under a race, the rcon configuration the server sees, "No server is available"
// with admins notified and the sweeper's retry, release at the end, and an admin moving a match.
import { adminGameServersAnswer, adminGameServerSavedAnswer } from '@versus/common/api/game-servers';
import { matchServerAnswer, type MatchServer } from '@versus/common/api/matches';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { playedMaps } from '@versus/common/match/score';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameServerHosts, notifications, users } from '../../db/schema/index.ts';
import { effectsSettled } from '../effects/index.ts';
import { runMatchCommand } from '../matches/index.ts';
import { loadMatch } from '../matches/index.ts';
import { createPoolApp, Emulators, endVeto, matchAtLastVetoStep, registerServer } from './testing.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';

let t: TestApp;
const emulators = new Emulators();
beforeEach(async () => {
  t = await createPoolApp();
});
afterEach(async () => {
  await t.close();
  await emulators.stop();
});

async function serverBox(matchId: number, username = 'player1'): Promise<MatchServer> {
  const client = await signIn(t.app, username);
  return expectAnswer(await client.get(`/api/v1/match/${matchId}/server`), matchServerAnswer).data;
}

describe('registering game servers', () => {
  it('checks rcon on save, shows the agent token once and never the rcon password', async () => {
    const emu = await emulators.start({ rconPassword: 'right-password' });
    const admin = await signIn(t.app, 'admin');
    const ok = await admin.post('/api/v1/admin/game-servers', {
      name: 'Frankfurt 1',
      host: '127.0.0.1',
      port: emu.port,
      rconPassword: 'right-password',
      locationId: 1,
    });
    expect(ok.status).toBe(201);
    const saved = expectAnswer(ok, adminGameServerSavedAnswer, 201).data;
    expect(saved).toMatchObject({
      name: 'Frankfurt 1',
      status: 'ONLINE',
      check: { result: 'ok', message: 'rcon answered.' },
    });
    expect(saved.agentToken).toMatch(/^ga_\d+_/);

    const bad = await admin.post('/api/v1/admin/game-servers', {
      name: 'Wrong password',
      host: 'localhost',
      port: emu.port,
      rconPassword: 'wrong-password',
    });
    expect(bad.status).toBe(201);
    expect(bad.body).toMatchObject({ data: { status: 'OFFLINE', check: { result: 'bad-rcon' } } });

    const silent = await admin.post('/api/v1/admin/game-servers', {
      name: 'Nobody home',
      host: '127.0.0.1',
      port: 9,
      rconPassword: 'whatever-pass',
    });
    expect(silent.body).toMatchObject({
      data: { status: 'OFFLINE', check: { result: 'no-answer', message: 'The server did not answer.' } },
    });

    const list = await admin.get('/api/v1/admin/game-servers');
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain('right-password');
    expect(text).not.toContain('agentToken');
    expect(expectAnswer(list, adminGameServersAnswer).data).toHaveLength(3);
    const [row] = await t.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.port, emu.port));
    expect(row?.rconPasswordEnc).not.toContain('right-password');
    expect(row?.rconPasswordEnc).toMatch(/^v1\./);
  });

  it('refuses bad input with 422, non-admins with 403, signed-out with 401', async () => {
    const admin = await signIn(t.app, 'admin');
    const short = await admin.post('/api/v1/admin/game-servers', {
      name: 'x',
      host: '127.0.0.1',
      rconPassword: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({
      errors: { rconPassword: ['The rcon password field must be at least 8 characters.'] },
    });
    const badPort = await admin.post('/api/v1/admin/game-servers', {
      name: 'x',
      host: 'a b',
      port: 70000,
      rconPassword: 'long-enough',
      locationId: 999999,
    });
    expect(Object.keys(expectAnswer(badPort, validationErrorAnswer, 422).errors).sort()).toEqual([
      'host',
      'port',
    ]);
    const player = await signIn(t.app, 'player1');
    expect((await player.get('/api/v1/admin/game-servers')).status).toBe(403);
    expect((await player.post('/api/v1/admin/game-servers', {})).status).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/admin/game-servers' });
    expect(anon.statusCode).toBe(401);
  });

  it('edits, renews the agent token, and deletes a free server', async () => {
    const emu = await emulators.start();
    const { id } = await registerServer(t, emu);
    const admin = await signIn(t.app, 'admin');
    const patched = await admin.request('PATCH', `/api/v1/admin/game-servers/${id}`, {
      name: 'Renamed',
      enabled: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      data: { name: 'Renamed', enabled: false, check: { result: 'ok' } },
    });
    const token = await admin.post(`/api/v1/admin/game-servers/${id}/agent-token`);
    expect(token.body).toMatchObject({ data: { agentToken: expect.stringMatching(/^ga_/) as unknown } });
    const gone = await admin.request('DELETE', `/api/v1/admin/game-servers/${id}`);
    expect(gone.body).toEqual({ message: 'Game server deleted.' });
    expect((await admin.request('DELETE', `/api/v1/admin/game-servers/${id}`)).status).toBe(404);
  });
});

describe('allocation', () => {
  it('configures the server over rcon at veto end: hostname, password, rotation, promod mode, first map', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const matchId = await matchAtLastVetoStep(t.app.ctx, true);
    await endVeto(t.app.ctx, matchId);
    const record = await loadMatch(t.app.db, matchId, { lock: false });
    const maps = playedMaps(record!.state).map((m) => m.nameCmd);
    const dvars = emu.state().dvars;
    expect(dvars.sv_hostname).toBe(`Versus #${matchId} Red Dragons vs Northern Wolves`);
    expect(dvars.sv_mapRotation).toBe(maps.map((m) => `gametype sd map ${m}`).join(' '));
    expect(dvars.promod_mode).toBe('match_mr12');
    expect(dvars._versus_match).toBe(String(matchId));
    expect(emu.state().map).toBe(maps[0]);
    const box = await serverBox(matchId);
    expect(box.serverAvailable).toBe(true);
    expect(box.connectionString).toBe(`connect 127.0.0.1:${emu.port}; password ${dvars.g_password}`);
    expect(dvars.g_password).toMatch(/^[A-Za-z0-9]{10}$/);
    // The box's status comes from the server itself.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/game-server/${box.gameServerUuid}/status`,
    });
    expect(status.json()).toMatchObject({ status: 'ONLINE', map: maps[0], maxPlayers: 18 });
  });

  it('two vetoes ending at once with one server: one match gets it, the other waits, then gets it when freed', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const engine = t.app.ctx;
    const first = await matchAtLastVetoStep(engine);
    const second = await matchAtLastVetoStep(engine);
    await Promise.all([endVeto(engine, first), endVeto(engine, second)]);

    const boxes = [await serverBox(first), await serverBox(second)];
    expect(boxes.filter((b) => b.serverAvailable)).toHaveLength(1);
    const winner = boxes[0]?.serverAvailable ? first : second;
    const loser = winner === first ? second : first;
    expect(emu.state().dvars._versus_match).toBe(String(winner));
    // Admins are told once, however often the sweeper retries.
    await t.app.matchSweeper.sweepOnce();
    await t.app.matchSweeper.sweepOnce();
    const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, admin!.id));
    expect(told.filter((n) => n.type === 'game-server-unavailable')).toHaveLength(1);
    expect(told.find((n) => n.type === 'game-server-unavailable')?.message).toContain(`#${loser}`);
    expect((await serverBox(loser)).serverAvailable).toBe(false);

    // The winner's match is cancelled by an admin: its server is released and the sweeper hands it over.
    const oldPassword = emu.state().dvars.g_password;
    emu.join({ playerId: '[U:1:1000001]', name: 'player1', side: 1 });
    const adminClient = await signIn(t.app, 'admin');
    expect((await adminClient.post(`/api/v1/admin/matches/${winner}/cancel`)).status).toBe(200);
    await effectsSettled(engine); // the server is released after the cancel's answer
    expect(emu.state().clients).toEqual([]);
    expect(emu.state().kicks.map((k) => k.playerId)).toEqual(['[U:1:1000001]']);
    expect(emu.state().dvars.g_password).not.toBe(oldPassword);
    await t.app.matchSweeper.sweepOnce();
    expect((await serverBox(loser)).serverAvailable).toBe(true);
    expect(emu.state().dvars._versus_match).toBe(String(loser));
  });

  it('skips a server that answers Bad rcon and takes the next one; an admin moves a match', async () => {
    const broken = await emulators.start({ rconPassword: 'changed-later' });
    const good = await emulators.start();
    const { id: brokenId } = await registerServer(t, broken);
    broken.dvars.set('rcon_password', 'someone-else-changed-it');
    const { id: goodId } = await registerServer(t, good);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    expect(good.state().dvars._versus_match).toBe(String(matchId));
    const [brokenRow] = await t.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.id, brokenId));
    expect(brokenRow).toMatchObject({ status: 'OFFLINE', lastError: 'bad-rcon', matchId: null });

    // The admin fixes the password and moves the match there; the old server is released.
    const admin = await signIn(t.app, 'admin');
    await admin.request('PATCH', `/api/v1/admin/game-servers/${brokenId}`, {
      rconPassword: 'someone-else-changed-it',
    });
    const moved = await admin.post(`/api/v1/admin/matches/${matchId}/move-server`, {
      gameServerId: brokenId,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ message: `The match was moved to Emulated ${broken.port}.` });
    expect(broken.state().dvars._versus_match).toBe(String(matchId));
    expect(good.state().dvars._versus_match).toBe('0');
    const box = await serverBox(matchId);
    expect(box.connectionString).toBe(
      `connect 127.0.0.1:${broken.port}; password ${broken.state().dvars.g_password}`,
    );
    const busy = await admin.post(`/api/v1/admin/matches/${matchId}/move-server`, { gameServerId: 999999 });
    expect(busy.status).toBe(422);
    void goodId;
  });

  it('releases the server when the match finishes', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const engine = t.app.ctx;
    const matchId = await matchAtLastVetoStep(engine);
    await endVeto(engine, matchId);
    const password = emu.state().dvars.g_password;
    const record = await loadMatch(t.app.db, matchId, { lock: false });
    const played = playedMaps(record!.state);
    await runMatchCommand(engine, matchId, (m) => ({
      type: 'score.submit',
      actor: { userId: m.challenger.captainUserId ?? -1, isAdmin: false },
      scores: played.map((p) => ({ mapId: p.mapId, challengerScore: 13, opponentScore: 5 })),
    }));
    await runMatchCommand(engine, matchId, (m) => ({
      type: 'score.approve',
      actor: { userId: m.opponent.captainUserId ?? -1, isAdmin: false },
      approve: true,
    }));
    await effectsSettled(engine); // the server is released after the approval's answer
    const [row] = await t.app.db.select().from(gameServerHosts);
    expect(row?.matchId).toBeNull();
    expect(emu.state().dvars.g_password).not.toBe(password);
    expect(emu.state().dvars._versus_match).toBe('0');
  });
});
