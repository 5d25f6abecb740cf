// The real server process for kill tests: `node --import tsx server/src/server.ts` on a PGlite data folder
// and a free port, as `npm start` runs it, killed with SIGKILL (no shutdown hook runs) and started again on
// the same data; signed-in HTTP sessions with cookies and the XSRF header by hand; dev scenarios staged
// over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scenarioAnswer } from '@versus/common/api/dev';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// E2E_READY_TIMEOUT_MS raises it on a machine shared with other work (a cold PGlite seed takes minutes there).
const READY_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 240_000);

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  dataDir: string;
  /** Its last lines of stdout and stderr, for failure messages. */
  output: () => string;
}

/** A data folder for `startServerProcess`, and its removal. */
export async function makeDataDir(
  prefix = 'versus-kill-',
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on `dataDir` (migrated and seeded with the demo world on the first start) with
 * simulated game servers and sign-in limits out of the way; `env` adds or overrides settings. Resolves once
 * its routes answer. DATABASE_URL and REDIS_URL are removed so a developer's services are never touched.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${String(port)}`,
    LOG_LEVEL: 'warn',
    GAME_SERVER_PROVIDER: 'simulated',
    LOGIN_MAX_ATTEMPTS_PER_USERNAME: '10000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  delete childEnv.TEST_DB;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    lines.splice(0, Math.max(0, lines.length - 100));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const output = () => lines.join('');
  const base = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${output()}`);
    }
    try {
      await fetch(`${base}/api/v1/auth/me`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { child, base, dataDir, output };
}

/** SIGKILL: no shutdown hook runs, nothing is flushed but what PGlite already wrote. */
export async function killServerProcess(p: ServerProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGKILL');
  await exited;
}

/** An HTTP client of one server process: JSON in and out, its cookies kept. */
export interface ProcessSession {
  call: (method: string, url: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

/** A client without a session (cookies and the XSRF header by hand); `headers` go on every request. */
export function anonymousSession(p: ServerProcess, headers: Record<string, string> = {}): ProcessSession {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    const sent: Record<string, string> = { accept: 'application/json', ...headers };
    if (cookies.size > 0) sent.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) sent['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) sent['content-type'] = 'application/json';
    const response = await fetch(p.base + url, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, body: json };
  };
  return { call };
}

/** A demo account signed in (password `password`). */
export async function signIn(p: ServerProcess, username: string): Promise<ProcessSession> {
  const s = anonymousSession(p);
  await s.call('GET', '/api/v1/auth/me');
  const login = await s.call('POST', '/api/v1/auth/login', { username, password: 'password' });
  if (login.status !== 200) throw new Error(`${username} could not sign in: ${JSON.stringify(login.body)}`);
  return s;
}

/** Stages a dev scenario as the demo admin; its answer (match id, captains, ...). */
export async function stageScenario(p: ServerProcess, name: string) {
  const admin = await signIn(p, 'admin');
  const staged = await admin.call('POST', `/api/v1/dev/scenarios/${name}`);
  if (staged.status !== 201)
    throw new Error(`scenario ${name}: ${String(staged.status)} ${JSON.stringify(staged.body)}`);
  return scenarioAnswer.parse(staged.body).data;
}

/** Signs the captains of a staged match in, by username. */
export async function signInCaptains(
  p: ServerProcess,
  staged: { challenger: { captain: string | null }; opponent: { captain: string | null } },
): Promise<Map<string, ProcessSession>> {
  const sessions = new Map<string, ProcessSession>();
  for (const name of [staged.challenger.captain, staged.opponent.captain]) {
    if (name) sessions.set(name, await signIn(p, name));
  }
  return sessions;
}
