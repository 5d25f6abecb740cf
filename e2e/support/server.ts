import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../../scripts/ensure-web-build.mjs';
import { copyPgliteTemplate } from '../../scripts/pglite-template.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// E2E_READY_TIMEOUT_MS raises it on a machine shared with other work (a cold PGlite seed takes minutes there).
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 120_000);
const STOP_TIMEOUT_MS = 15_000;

/** A real Versus server started for one test file. */
export interface RunningServer {
  /** Base URL for the browser: `localhost`, so the app's default allowed origin matches. */
  url: string;
  port: number;
  dataDir: string;
  /** The server's recent stdout and stderr, for failure messages. */
  output: () => string;
  /** Stops the server (SIGTERM, then SIGKILL) and deletes its data directory unless asked to keep it. */
  stop: () => Promise<void>;
  /** Exit code or signal of the stopped server. */
  exitStatus: () => number | string | null;
}

/** A port nobody listens on right now, chosen by the OS. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last lines a child printed; set E2E_VERBOSE=1 to also stream them to the terminal. */
function captureOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    if (process.env.E2E_VERBOSE) process.stderr.write(chunk);
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilReady(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  // 127.0.0.1 rather than localhost: the server binds IPv4 and Node may try ::1 first.
  const probe = `http://127.0.0.1:${port}/api/v1/auth/me`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited during startup (${child.exitCode ?? child.signalCode}):\n${output()}`,
      );
    }
    try {
      await fetch(probe); // Any answer (401 when signed out) means routes are up.
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`The server did not answer ${probe} within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Builds the web app if stale, then starts `server/src/server.ts` on a free port with embedded PGlite in a
 * fresh temporary directory holding a copy of the migrated template (DATABASE_URL and REDIS_URL are removed
 * so a developer's services are never touched). The server seeds the demo world on this first start.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; keepDataDir?: boolean } = {},
): Promise<RunningServer> {
  await ensureWebBuild();
  const port = await freePort();
  let dataDir = options.dataDir;
  if (dataDir === undefined) {
    // A fresh data folder starts from the migrated template (scripts/pglite-template.mjs).
    dataDir = await mkdtemp(path.join(tmpdir(), 'versus-e2e-'));
    await copyPgliteTemplate(dataDir);
  }
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development', // Vitest sets "test"; run the server as `npm start` would locally.
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The stories stage matches by hand; only the game-server story plays them on the embedded servers.
    GAME_SERVER_PROVIDER: 'simulated',
    // The stories sign in and create far more often than a person would: request limits out of the way.
    LOGIN_MAX_ATTEMPTS_PER_USERNAME: '10000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
    RATE_LIMIT_REGISTER: '10000/60',
    RATE_LIMIT_TEAM_CREATE: '10000/60',
    RATE_LIMIT_INVITATION: '10000/60',
    RATE_LIMIT_TOKEN_RENEWAL: '10000/60',
    RATE_LIMIT_UPLOAD: '10000/60',
    RATE_LIMIT_HEARTBEAT: '10000/60',
    RATE_LIMIT_PASSWORD_RESET: '10000/60',
    RATE_LIMIT_API_TOKEN: '10000/60',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(child, port, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, output, stop, exitStatus: () => child.exitCode ?? child.signalCode };
}
