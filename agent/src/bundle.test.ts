// The agent as a game host installs it (docs/deploy.md#the-log-agent): the two bundled files of
// `agent/bundle.mjs`, copied alone into an empty folder (no node_modules anywhere above it, no tsx) and run
// with plain node. versus-agent ships a log line to a stand-in platform; versus-upload installs its hooks
// pointing at itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const agentDir = path.resolve(import.meta.dirname, '..');
let host: string;
let platform: http.Server;
const batches: { token: string; lines: string[] }[] = [];
let agent: ChildProcess | null = null;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['bundle.mjs'], { cwd: agentDir, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  // The system's temporary folder: no node_modules of this repository on the resolution path.
  host = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-game-host-'));
  for (const name of ['versus-agent.mjs', 'versus-upload.mjs'])
    fs.copyFileSync(path.join(agentDir, 'dist', name), path.join(host, name));
  platform = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('latin1')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { fileKey: string; endOffset: number; lines: string[] };
      batches.push({ token: req.headers.authorization ?? '', lines: body.lines });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            fileKey: body.fileKey,
            ackOffset: body.endOffset,
            duplicate: false,
            accepted: body.lines.length,
            unattributed: 0,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  agent?.kill('SIGKILL');
  platform.closeAllConnections();
  await new Promise((resolve) => platform.close(resolve));
  fs.rmSync(host, { recursive: true, force: true });
});

describe('the bundled agent on a game host', () => {
  it('versus-agent run by plain node, alone in a folder, says what it needs', () => {
    const run = spawnSync(process.execPath, ['versus-agent.mjs'], { cwd: host, encoding: 'utf8', env: {} });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--log, --url and --token');
  });

  it('versus-agent ships the lines of games_mp.log to the platform', async () => {
    const log = path.join(host, 'games_mp.log');
    fs.writeFileSync(log, '  0:00 InitGame: \\g_gametype\\sd\\mapname\\mp_crash\n');
    const url = `http://127.0.0.1:${String((platform.address() as AddressInfo).port)}`;
    agent = spawn(process.execPath, ['versus-agent.mjs', '--log', log, '--url', url, '--poll-ms', '50'], {
      cwd: host,
      env: { VERSUS_AGENT_TOKEN: 'ga_1_secret' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await expect
      .poll(() => batches.flatMap((b) => b.lines), { timeout: 15_000 })
      .toContain('  0:00 InitGame: \\g_gametype\\sd\\mapname\\mp_crash');
    expect(batches[0]?.token).toBe('Bearer ga_1_secret');
    const exited = new Promise((resolve) => agent?.once('exit', resolve));
    agent.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('versus-upload install-hooks points the hooks at the bundled uploader itself', () => {
    const home = path.join(host, 'cod4');
    fs.mkdirSync(home);
    const run = spawnSync(
      process.execPath,
      ['versus-upload.mjs', 'install-hooks', '--url', 'http://127.0.0.1:1', '--token', 't', home],
      { cwd: host, encoding: 'utf8', env: {} },
    );
    expect(run.status, run.stderr).toBe(0);
    const hooks = ['versus-demo', 'versus-screenshot'].map((name) =>
      fs.readFileSync(path.join(home, 'apps', name), 'utf8'),
    );
    for (const hook of hooks) expect(hook).toContain(path.join(fs.realpathSync(host), 'versus-upload.mjs'));
  });
});
