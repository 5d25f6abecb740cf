// Demos and server screenshots end to end against the CoD4x emulator over real UDP and HTTP: the pool sets
// the demo dvars at allocation, the emulator's `apps/` hooks (installed as a league installs them) run
// versus-upload as a process, and the platform lists what arrived.
import { matchDemosAnswer, serverScreenshotRequestAnswer } from '@versus/common/api/demos';
import { screenshotPageAnswer } from '@versus/common/api/screenshots';
import { installHooks } from '@versus/agent';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matches, users } from '../../db/schema/index.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';
import {
  createPoolApp,
  Emulators,
  endVeto,
  matchAtLastVetoStep,
  registerServer,
} from '../game-servers/testing.ts';

let t: TestApp;
const emulators = new Emulators();

beforeEach(async () => {
  t = await createPoolApp();
});
afterEach(async () => {
  await emulators.stop();
  await t.close();
});

async function until(check: () => Promise<boolean> | boolean, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the emulator records demos and takes screenshots for the platform', () => {
  it('getss over rcon → screenshots stored and listed; the map ends → demo files → hook → listed by the API', async () => {
    const emu = await emulators.start({ msPerGameSecond: 1, roundsToWin: 2 });
    const { agentToken } = await registerServer(t, emu);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    await until(() => emu.state().map !== null);
    const dvars = emu.state().dvars;
    expect(dvars.sv_autodemorecord).toBe('1');
    expect(dvars.sv_demoCompletedCmd).toBe('versus-demo');
    expect(dvars.sv_screenshotArrivedCmd).toBe('versus-screenshot');
    const map = emu.state().map;

    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    installHooks(emu.media.homePath, { url, token: agentToken, log: emu.log.path });
    emu.join({ playerId: '[U:1:501]', name: 'Alpha', side: 1 });
    emu.join({ playerId: '[U:1:502]', name: 'Bravo', side: 2 });

    const admin = await signIn(t.app, 'admin');
    const asked = await admin.post(`/api/v1/match/${matchId}/screenshots/request`, { target: 'all' });
    expect(expectAnswer(asked, serverScreenshotRequestAnswer).data).toEqual({
      requested: 2,
      remaining: null,
    });
    await until(async () => {
      const page = await admin.get(`/api/v1/screenshots/${matchId}`);
      return expectAnswer(page, screenshotPageAnswer).data.length === 2;
    });
    const shots = expectAnswer(await admin.get(`/api/v1/screenshots/${matchId}`), screenshotPageAnswer).data;
    expect(shots.map((s) => s.inGameName).sort()).toEqual(['Alpha', 'Bravo']);
    expect(shots.every((s) => s.takenByServer)).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: shots[0]?.url ?? '' });
    expect(image.headers['content-type']).toBe('image/jpeg');

    // A captain of the live match: three requests per map, then a clear 429.
    const [match] = await t.app.db.select().from(matches).where(eq(matches.id, matchId));
    const [captain] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, match?.challengerCaptainId ?? 0));
    const client = await signIn(t.app, captain?.username ?? '');
    for (const remaining of [2, 1, 0]) {
      const ok = await client.post(`/api/v1/match/${matchId}/screenshots/request`, { target: 'all' });
      expect(expectAnswer(ok, serverScreenshotRequestAnswer).data.remaining).toBe(remaining);
    }
    const limited = await client.post(`/api/v1/match/${matchId}/screenshots/request`, { target: 'all' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'You can ask for 3 server screenshots per map.' });

    emu.goLive(7);
    await until(() => emu.media.events.filter((e) => e.kind === 'demo').length === 2);
    for (const id of ['[U:1:501]', '[U:1:502]']) {
      expect(fs.existsSync(path.join(emu.media.homePath, 'demos', `demo_${id}_0000.dm_1`))).toBe(true);
    }
    const uploadLog = path.join(emu.media.homePath, 'apps', 'versus-upload.log');
    expect(
      emu.media.events.filter((e) => e.kind === 'demo').map((e) => e.exitCode),
      fs.existsSync(uploadLog) ? fs.readFileSync(uploadLog, 'utf8') : 'no upload log',
    ).toEqual([0, 0]);
    const demos = expectAnswer(await admin.get(`/api/v1/match/${matchId}/demos`), matchDemosAnswer).data;
    expect(demos).toHaveLength(1);
    expect(demos[0]?.mapName).toBe(map);
    expect(demos[0]?.demos.map((d) => d.playerId).sort()).toEqual(['[U:1:501]', '[U:1:502]']);
  }, 180_000);
});
