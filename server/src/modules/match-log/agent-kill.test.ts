// The log agent as a real process beside the emulator, killed with SIGKILL in the middle of a match and
// started again: the platform ends up with every line exactly once and the same statistics as a run that
// was never interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameServerHosts, playerMapStats, statsLogBatches } from '../../db/schema/index.ts';
import { Cod4xEmulator } from '../../emulator/cod4x-emulator.ts';
import { createMatchFixture } from '../statistics/testing.ts';
import { buildTestApp, type TestApp } from '../../test/index.ts';
import { rcon } from '../../lib/cod4x/rcon-client.ts';
import { allocateTestHost, insertTestHost } from '../game-servers/testing.ts';

const AGENT_BIN = path.resolve(import.meta.dirname, '../../../../agent/bin/versus-agent.mjs');
const RCON = 'kill-test-rcon';

let ctx: TestApp;
let dir: string;
const children: ChildProcess[] = [];
let emulator: Cod4xEmulator | null = null;

beforeEach(async () => {
  ctx = await buildTestApp({ clock: 'real' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-agent-kill-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await emulator?.stop();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, ms = 40_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function startAgent(url: string, token: string, logPath: string): ChildProcess {
  const child = spawn(process.execPath, [AGENT_BIN, '--log', logPath, '--url', url, '--poll-ms', '50'], {
    env: { ...process.env, VERSUS_AGENT_TOKEN: token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return child;
}

async function statsOf(matchId: number) {
  const rows = await ctx.app.db.select().from(playerMapStats).where(eq(playerMapStats.matchId, matchId));
  return rows
    .map((r) => ({
      map: r.mapId,
      user: r.userId,
      kills: r.kills,
      deaths: r.deaths,
      assists: r.assists,
      damage: r.damage,
      plants: r.plants,
      defuses: r.defuses,
      rating: r.fpsRating,
    }))
    .sort((a, b) => a.map - b.map || (a.user ?? 0) - (b.user ?? 0));
}

describe('log agent killed mid-match', () => {
  it('loses and doubles nothing: the same statistics as an uninterrupted run', async () => {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const fixture = await createMatchFixture(ctx.app, { mapNames: ['mp_crash', 'mp_strike'] });
    emulator = new Cod4xEmulator({
      rconPassword: RCON,
      logPath: path.join(dir, 'games_mp.log'),
      msPerGameSecond: 4,
      roundsToWin: 6,
      seed: 21,
    });
    const port = await emulator.start();
    const { hostId, agentToken } = await insertTestHost(ctx.app.db, { port, rconPassword: RCON });
    await allocateTestHost(ctx.app.db, hostId, fixture.gameServerId, fixture.matchId);
    const target = { host: '127.0.0.1', port, password: RCON };
    await rcon(target, `sets _versus_match ${fixture.matchId}`);
    await rcon(target, 'sv_mapRotation "gametype sd map mp_crash map mp_strike"');
    await rcon(target, 'map_rotate');
    for (const [username, userId] of fixture.userIds) {
      const side = Number(username.slice('player'.length)) <= 5 ? 1 : 2;
      emulator.join({ playerId: `[U:1:${userId}]`, name: username, side });
    }

    const agent = startAgent(url, agentToken, emulator.log.path);
    const finished = new Promise((resolve) => emulator?.once('finished', resolve));
    emulator.goLive();
    const batches = async () =>
      (await ctx.app.db.select().from(gameServerHosts).where(eq(gameServerHosts.id, hostId)))[0]
        ?.agentBatches ?? 0;
    await until(async () => (await batches()) >= 3);
    expect(emulator.state().playing).not.toBeNull(); // still mid-match
    agent.kill('SIGKILL');
    await new Promise((resolve) => agent.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 500));
    startAgent(url, agentToken, emulator.log.path);
    await finished;

    const fileLines = fs.readFileSync(emulator.log.path, 'latin1').split('\n').slice(0, -1);
    const stored = async () =>
      (
        await ctx.app.db
          .select({ body: statsLogBatches.body })
          .from(statsLogBatches)
          .where(eq(statsLogBatches.matchId, fixture.matchId))
          .orderBy(statsLogBatches.sequence)
      ).flatMap((r) => r.body.split('\n'));
    await until(async () => (await stored()).length >= fileLines.length);
    expect(await stored()).toEqual(fileLines);

    // The uninterrupted run: the whole file in one batch for an identical match on another server.
    const twin = await createMatchFixture(ctx.app, { mapNames: ['mp_crash', 'mp_strike'] });
    const other = await insertTestHost(ctx.app.db, { port: port + 1 });
    await allocateTestHost(ctx.app.db, other.hostId, twin.gameServerId, twin.matchId);
    const twinLines = fileLines.map((l) =>
      l.replace(`\\_versus_match\\${fixture.matchId}`, `\\_versus_match\\${twin.matchId}`),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/game-server-agent/batches',
      headers: { authorization: `Bearer ${other.agentToken}` },
      payload: {
        batchId: 'whole',
        fileKey: 'whole',
        startOffset: 0,
        endOffset: twinLines.reduce((s, l) => s + l.length + 1, 0),
        lines: twinLines,
      },
    });
    expect(res.statusCode).toBe(200);
    const killed = await statsOf(fixture.matchId);
    expect(killed.length).toBe(20);
    expect(killed).toEqual(await statsOf(twin.matchId));
  });
});
