// versus-upload as a real process against the platform on a real port: killed with SIGKILL in the middle of
// an upload and started again, it resumes at the platform's offset (its state file beside the demo), and the
// platform ends up with one demo whose bytes have the file's SHA-256; a third run of the same file is the
// same demo.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demos, mediaUploads } from '../../db/schema/index.ts';
import { cod4DemoBytes } from '../../emulator/emulator-media.ts';
import { allocateTestHost, insertTestHost } from '../game-servers/testing.ts';
import { createMatchFixture } from '../statistics/testing.ts';
import { buildTestApp, type TestApp } from '../../test/index.ts';

const UPLOAD_BIN = path.resolve(import.meta.dirname, '../../../../agent/bin/versus-upload.mjs');

let ctx: TestApp;
let dir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  ctx = await buildTestApp({ clock: 'real' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-upload-kill-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startUploader(url: string, token: string, file: string) {
  const child = spawn(
    process.execPath,
    [UPLOAD_BIN, '--url', url, '--map', 'mp_strike', '--chunk-bytes', '8192', file],
    { env: { ...process.env, VERSUS_AGENT_TOKEN: token }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, stderr: () => stderr };
}

describe('versus-upload killed mid-upload', () => {
  it('resumes where it stopped and stores one demo with the right checksum', async () => {
    const fixture = await createMatchFixture(ctx.app, { statusId: STATUS.inProgress });
    const host = await insertTestHost(ctx.app.db, { port: 32001 });
    await allocateTestHost(ctx.app.db, host.hostId, fixture.gameServerId, fixture.matchId);
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });

    const file = path.join(dir, 'demo_[U:1:77]_0000.dm_1');
    const bytes = cod4DemoBytes('long', 30_000); // about 2 MB: 250 chunks of 8 KiB
    fs.writeFileSync(file, bytes);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');

    const first = startUploader(url, host.agentToken, file);
    let killedAt = 0;
    await until(async () => {
      const [row] = await ctx.app.db.select().from(mediaUploads);
      killedAt = row?.received ?? 0;
      return killedAt > 0;
    });
    first.child.kill('SIGKILL');
    await first.exit;
    const [afterKill] = await ctx.app.db.select().from(mediaUploads);
    expect(afterKill?.resultId).toBeNull();
    expect(afterKill?.received).toBeLessThan(bytes.length);
    expect(fs.existsSync(`${file}.versus-upload.json`)).toBe(true);

    const second = startUploader(url, host.agentToken, file);
    expect(await second.exit).toBe(0);
    expect(second.stderr()).toMatch(/"message":"resuming upload".*"offset":[1-9]\d*/);
    expect(fs.existsSync(`${file}.versus-upload.json`)).toBe(false);

    const stored = await ctx.app.db.select().from(demos).where(eq(demos.matchId, fixture.matchId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      sha256,
      sizeBytes: bytes.length,
      mapName: 'mp_strike',
      playerId: '[U:1:77]',
    });
    const dataFile = path.join(ctx.config.dataDir, 'uploads', ...(stored[0]?.storageKey ?? '').split('/'));
    expect(crypto.createHash('sha256').update(fs.readFileSync(dataFile)).digest('hex')).toBe(sha256);

    // The same file once more: answered as complete, still one demo.
    const third = startUploader(url, host.agentToken, file);
    expect(await third.exit).toBe(0);
    expect(await ctx.app.db.select().from(demos)).toHaveLength(1);
  }, 120_000);

  it("exits 1 with the platform's message for an unknown token, and stores nothing", async () => {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const file = path.join(dir, 'demo_x_0000.dm_1');
    fs.writeFileSync(file, cod4DemoBytes('x'));
    const run = startUploader(url, 'ga_1_wrong', file);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain('Invalid game server agent token.');
    expect(await ctx.app.db.select().from(demos)).toHaveLength(0);
  }, 60_000);
});
