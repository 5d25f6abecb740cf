// The HTTP load generator of the read benchmarks: `wrk` (Debian package `wrk`), which drives a bare Node
// server well past what a Node client can (a Node `http.Agent` client topped out near 10,000 req/s on a
// 2-core machine, wrk at 26,000-35,000). Installed from Debian when missing and allowed (root), else the
// run stops saying how. The request's method, cookie and headers go to wrk-report.lua through the
// environment; it prints one JSON line of figures that `runWrk` reads.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Figures } from './harness.ts';

const SCRIPT = fileURLToPath(new URL('./wrk-report.lua', import.meta.url));

/** Below this bare req/s the generator or the machine was the limit: no ratio is printed. */
export const BARE_FLOOR = Number(process.env.BENCH_BARE_FLOOR ?? 20_000);

const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

/** Makes sure `wrk` is on the PATH: installs the Debian package when missing and running as root. */
export function ensureWrk(): void {
  if (hasWrk()) return;
  if (process.getuid?.() === 0) {
    console.log('wrk is missing: apt-get install -y wrk');
    execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
    if (hasWrk()) return;
  }
  throw new Error(
    'The read benchmarks need wrk (https://github.com/wg/wrk): install it with `sudo apt-get install -y wrk` ' +
      '(Debian/Ubuntu) or `brew install wrk` (macOS), then run again.',
  );
}

export interface WrkOptions {
  port: number;
  path: string;
  seconds: number;
  connections: number;
  threads: number;
  method?: string;
  body?: string;
  /** Headers of every request; `cookie` goes through WRK_COOKIE (the signed-in session). */
  headers?: Record<string, string>;
  /** Paths each wrk thread goes round, one request after another (`path` is then only the first). */
  paths?: readonly string[];
  /** Cookies (whole `Cookie` headers) each thread goes round: several signed-in viewers. */
  cookies?: readonly string[];
}

/** Figures of one wrk run; `errors` counts socket errors, timeouts and answers that are not 2xx or 3xx. */
export function runWrk(options: WrkOptions): Promise<Figures & { bytes: number }> {
  const { cookie = '', ...headers } = options.headers ?? {};
  const env = {
    ...process.env,
    WRK_METHOD: options.method ?? 'GET',
    WRK_BODY: options.body ?? '',
    WRK_COOKIE: cookie,
    WRK_PATHS: (options.paths ?? []).join('\n'),
    WRK_COOKIES: (options.cookies ?? []).join('\n'),
    WRK_HEADERS: Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  };
  const args = [
    `-t${String(options.threads)}`,
    `-c${String(Math.max(options.connections, options.threads))}`,
    `-d${String(options.seconds)}s`,
    '--timeout',
    '5s',
    '-s',
    SCRIPT,
    `http://127.0.0.1:${String(options.port)}${options.path}`,
  ];
  return wrkReport(args, env).then((r) => {
    const n = (k: string) => r[k] ?? 0;
    return {
      rps: n('requests') / (n('micros') / 1e6),
      p50: n('p50') / 1000,
      p99: n('p99') / 1000,
      errors: n('connect') + n('read') + n('write') + n('status') + n('timeout'),
      bytes: n('bytes'),
    };
  });
}

/**
 * Runs wrk with these arguments and environment and reads the one `WRK_JSON {...}` line its Lua script
 * prints at the end (wrk-report.lua here, the veto benchmark's veto-turns.lua).
 */
export function wrkReport(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !line) {
        reject(new Error(`wrk exited with ${String(code)}:\n${out}`));
        return;
      }
      resolve(JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>);
    });
  });
}

/** The app/bare ratio, or why there is none: a bare figure under BARE_FLOOR means the generator or machine was the limit. */
export function ratio(app: Figures, bare: Figures): string {
  if (bare.rps < BARE_FLOOR) return 'n/a*';
  return (app.rps / bare.rps).toFixed(2);
}

export const limitNote = () =>
  `* bare under ${BARE_FLOOR.toLocaleString('en')} req/s: the load generator or the machine was the limit, ` +
  'not the server; no ratio is printed for that row.';
