// A league's backup and its restore, as an operator runs them: `npm run backup` against a RUNNING server on
// the embedded database (it answers over its control socket), after a played match with statistics and
// screenshots; `npm run restore` into a new folder; a server started there shows, over HTTP, the same match,
// statistics and screenshots (the same bytes). A restore into a folder that is not empty is refused. On the
// way: a development start's readable log lines, LOG_FORMAT=json, and the drain delay of a graceful shutdown.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vetoMatchAnswer } from '@versus/common/api/matches';
import { screenshotPageAnswer } from '@versus/common/api/screenshots';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killServerProcess,
  makeDataDir,
  signIn,
  stageScenario,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../test/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const running: ServerProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const p of running) await killServerProcess(p);
  for (const dir of folders)
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

/** `npm run <script> -- <args>` from the repository's root; its exit code and output. */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.DATABASE_URL;
    delete childEnv.INIT_CWD;
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** What a user sees of one match: the match, its statistics, its screenshots and their bytes. */
async function matchAsSeen(p: ServerProcess, s: ProcessSession, matchId: number) {
  const match = vetoMatchAnswer.parse((await s.call('GET', `/api/v1/match/${String(matchId)}`)).body);
  const statistics = matchStatisticsAnswer.parse(
    (await s.call('GET', `/api/v1/match-detail/statistics/${String(matchId)}`)).body,
  );
  const screenshots = screenshotPageAnswer.parse(
    (await s.call('GET', `/api/v1/screenshots/${String(matchId)}`)).body,
  ).data;
  const images: Buffer[] = [];
  for (const shot of screenshots) {
    const response = await fetch(p.base + shot.url);
    expect(response.status).toBe(200);
    images.push(Buffer.from(await response.arrayBuffer()));
  }
  return { match, statistics, screenshots, images };
}

// The server processes run on their own PGlite folders whatever the project: run once, in `server`.
describe.skipIf(process.env.TEST_DB === 'postgres')('a backup of a running server, restored', () => {
  it('brings back the same matches, statistics and screenshots in a new folder', async () => {
    const source = await makeDataDir('versus-backup-source-');
    folders.push(source.dir);
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'versus-backup-'));
    folders.push(work);
    const archive = path.join(work, 'league.tar.gz');
    const restored = path.join(work, 'restored');

    // A development start (as `npm start`) logs readable lines, the request id on each line of a request.
    const original = await startServerProcess(source.dir, { LOG_LEVEL: 'info' });
    running.push(original);
    const staged = await stageScenario(original, 'finished');
    const before = await matchAsSeen(original, await signIn(original, 'admin'), staged.matchId);
    expect(before.statistics.data.mapsPlayed).toHaveLength(1);
    expect(before.screenshots).toHaveLength(2);

    expect(original.output()).toMatch(/\] INFO: \[req-\d+\] request completed \{"res":\{"statusCode":200\}/);

    const backup = await npmRun('backup', [archive], { DATA_DIR: source.dir });
    expect(backup.output).toContain('by the running server');
    expect(backup.code).toBe(0);

    // The original keeps serving after its copy was taken.
    const admin = await signIn(original, 'admin');
    expect(
      vetoMatchAnswer.parse((await admin.call('GET', `/api/v1/match/${String(staged.matchId)}`)).body),
    ).toEqual(before.match);

    const restore = await npmRun('restore', [archive, '--data-dir', restored], {});
    expect(restore.output).toContain(`into ${restored}`);
    expect(restore.code).toBe(0);
    await expect(fs.readdir(path.join(restored, 'uploads', 'screenshots'))).resolves.toHaveLength(2);

    // Into a folder that holds something, a restore is refused and changes nothing.
    const again = await npmRun('restore', [archive, '--data-dir', restored], {});
    expect(again.code).toBe(1);
    expect(again.output).toContain(`${restored} is not empty`);

    await killServerProcess(original);
    // LOG_FORMAT=json gives the JSON lines of production; a drain delay keeps it serving after SIGTERM.
    const copy = await startServerProcess(restored, {
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_DELAY_MS: '600000',
    });
    running.push(copy);
    const after = await matchAsSeen(copy, await signIn(copy, 'admin'), staged.matchId);
    expect(after.match).toEqual(before.match);
    expect(after.statistics).toEqual(before.statistics);
    expect(after.screenshots).toEqual(before.screenshots);
    expect(after.images).toEqual(before.images);
    const completed = copy
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"request completed"'));
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((l) => /^\{"level":30,.*"reqId":"req-\d+"/.test(l))).toBe(true);

    // SIGTERM: readiness says "draining" while the listener still answers, during the drain delay.
    copy.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${copy.base}/health/ready`)).status, { timeout: 60_000 })
      .toBe(503);
    const ready = await fetch(`${copy.base}/health/ready`);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`${copy.base}/health/live`)).status).toBe(200);
  }, 600_000);
});
