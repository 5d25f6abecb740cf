// "Restart the map at the score" owes the world one thing after its commit: the match's server configured at
// the score. With the real server process on the pool and an emulator running as its own process (it
// outlives the app), the restart's effect is left to the worker (EFFECTS_AFTER_COMMIT=defer, no timer), the
// app is killed with SIGKILL after the admin's answer, and the restarted app configures the server: the
// restore recorded before the kill, the same join password, promod's `<mode>_A:D`.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { matchServerAnswer } from '@versus/common/api/matches';
import { messageAnswer } from '@versus/common/api/primitives';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killServerProcess,
  makeDataDir,
  signIn,
  stageScenario,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../../test/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ENV = { GAME_SERVER_PROVIDER: 'pool', EFFECTS_AFTER_COMMIT: 'defer', EFFECTS_INTERVAL_MS: '0' };

let proc: ServerProcess | null = null;
let emulator: ChildProcess | null = null;
let dataDir = '';
afterAll(async () => {
  if (proc) await killServerProcess(proc);
  emulator?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

/** `npm run emulator` as its own process; its game port and control URL. */
async function startEmulator(dir: string): Promise<{ port: number; controlUrl: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/emulator/emulator-cli.ts',
      '--port',
      '0',
      '--rcon-password',
      'emulator-rcon-secret',
      '--log',
      path.join(dir, 'games_mp.log'),
      '--control-port',
      '0',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  emulator = child;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('{')) return JSON.parse(line) as { port: number; controlUrl: string };
  }
  throw new Error('the emulator exited before it listened');
}

async function dvars(controlUrl: string): Promise<Record<string, string>> {
  const answer = (await (await fetch(`${controlUrl}/state`)).json()) as {
    data: { dvars: Record<string, string> };
  };
  return answer.data.dvars;
}

async function serverBox(s: ProcessSession, matchId: number) {
  return matchServerAnswer.parse((await s.call('GET', `/api/v1/match/${matchId}/server`)).body).data;
}

// The server process runs on its own PGlite folder whatever the project: run once, in the `server` project.
describe.skipIf(process.env.TEST_DB === 'postgres')('a restart at the score across SIGKILL', () => {
  it('is committed with its effect, and the restarted app configures the server', async () => {
    const data = await makeDataDir('versus-restore-kill-');
    dataDir = data.dir;
    const game = await startEmulator(data.dir);
    proc = await startServerProcess(data.dir, ENV);
    const admin = await signIn(proc, 'admin');
    const registered = await admin.call('POST', '/api/v1/admin/game-servers', {
      name: 'Kill test',
      host: '127.0.0.1',
      port: game.port,
      rconPassword: 'emulator-rcon-secret',
      locationId: null,
    });
    expect(registered.status).toBe(201);
    // A match in play on that server, its log at round 5 of the first map.
    const staged = await stageScenario(proc, 'server-log-live');
    const before = await dvars(game.controlUrl);
    const password = before.g_password ?? '';
    const mode = before.promod_mode ?? '';
    expect(before._versus_match).toBe(String(staged.matchId));
    expect(mode).toMatch(/^match_\w+$/);

    const restarted = await admin.call('POST', `/api/v1/match/${staged.matchId}/server/restore`, {});
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    const [, first, second] = /at (\d+):(\d+)\.$/.exec(messageAnswer.parse(restarted.body).message) ?? [];
    expect(Number(first) + Number(second)).toBe(5);
    // Committed, not carried out yet: the server still plays the map from its start.
    expect((await dvars(game.controlUrl)).promod_mode).toBe(mode);
    await killServerProcess(proc);

    proc = await startServerProcess(data.dir, ENV);
    const after = await dvars(game.controlUrl);
    expect(after.promod_mode).toMatch(new RegExp(`^${mode}_\\d+:\\d+$`));
    const [, a, d] = /_(\d+):(\d+)$/.exec(after.promod_mode ?? '') ?? [];
    expect(Number(a) + Number(d)).toBe(5);
    expect(after.g_password).toBe(password);
    const player = await signIn(proc, staged.challenger.captain ?? '');
    expect((await serverBox(player, staged.matchId)).restore).toMatchObject({
      reason: 'admin',
      firstScore: Number(first),
      secondScore: Number(second),
    });
    await killServerProcess(proc);
    proc = null;
  }, 600_000);
});
