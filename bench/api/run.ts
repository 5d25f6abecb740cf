// API read benchmark: the real app as `npm start` starts it (bench/api/app-server.ts, in its own process, on
// embedded PGlite or DATABASE_URL, with request logging at `info` written to a file) against a bare Node
// `http` server answering the same JSON bodies (its own process too), in the same run on the same machine.
// The load generator is `wrk` (installed from Debian when missing: bench/lib/wrk.ts), which drives a bare
// Node server faster than any Node client can. Every row prints the bare server's req/s beside the app's;
// a row whose bare figure is under BENCH_BARE_FLOOR (20,000) req/s says the generator or the machine was
// the limit and prints no ratio. Beside them, each server's CPU time per request (user + system, from /proc
// on Linux) and their ratio: on a busy machine req/s follow the other processes, the CPU a request costs
// much less. Asserts nothing.
//
//   npx tsx bench/api/run.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/api/run.ts   (a throw-away database)
//   BENCH_MODES=development,production BENCH_SECONDS=5 BENCH_REPEATS=1 BENCH_CONNECTIONS=50 BENCH_THREADS=2 \
//     BENCH_RATE=1000 npx tsx bench/api/run.ts
//   BENCH_READS=notification,auth npx tsx bench/api/run.ts   (only the rows whose label has one of the words)
//
// Modes (BENCH_MODES, both by default): `development` is `npm start` as it comes (development start, `info`
// request logging); `production` is NODE_ENV=production. BENCH_LOG_LEVEL changes the log level (`off`: none).
// Reads: `GET /api/v1/match/{id}` and `/api/v1/match-detail/{id}` signed in (a spectator's session cookie)
// and signed out, the match again with the `If-None-Match` a browser sends (304), `GET /api/v1/auth/me`
// signed in and out, notifications page 1 signed in (and with the If-None-Match a browser sends); then the signed-in match at a fixed BENCH_RATE req/s
// (a Node client, which is far from its limit there): p99 under load. Veto turns: bench/veto/run.ts.
import http from 'node:http';
import os from 'node:os';
import {
  atRate,
  cpuMicros,
  figures,
  inTurn,
  loadAverage,
  ms,
  send as sendOn,
  serverLogFile,
  signIn as signInOn,
  startChild,
  type Figures,
} from '../lib/harness.ts';
import { BARE_FLOOR, ensureWrk, limitNote, ratio, runWrk } from '../lib/wrk.ts';
import { table } from '../realtime/stats.ts';
import type { AppServerReady } from './app-server.ts';
import type { BareServerBodies } from './bare-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const MODES = (process.env.BENCH_MODES ?? 'development,production')
  .split(',')
  .map((m) => m.trim())
  .filter((m): m is 'development' | 'production' => m === 'development' || m === 'production');
// BENCH_READS=notification,auth: only the rows whose label contains one of these words (all by default).
const ONLY = (process.env.BENCH_READS ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
const send = (port: number, method: string, path: string, headers: Record<string, string> = {}) =>
  sendOn(agent, port, method, path, headers);

interface Read {
  label: string;
  path: string;
  headers: Record<string, string>;
}

/** A server under test: where it listens, and its process (for the CPU time it used). */
interface Side {
  port: number;
  pid: number | undefined;
}

/** A run's figures and the server's CPU time per request (user + system, µs; null where unknown). */
type Measured = Figures & { cpuPerRequest: number | null };

/** wrk on the app and on the bare server in turn, REPEATS times each; each side keeps its median run. */
async function compare(app: Side, bare: Side, read: Read): Promise<[Measured, Measured]> {
  const one = async (side: Side): Promise<Measured> => {
    const before = cpuMicros(side.pid);
    const run = await runWrk({
      port: side.port,
      path: read.path,
      headers: read.headers,
      seconds: SECONDS,
      connections: CONNECTIONS,
      threads: THREADS,
    });
    const after = cpuMicros(side.pid);
    const requests = run.rps * SECONDS;
    return {
      ...run,
      cpuPerRequest: before === null || after === null || requests <= 0 ? null : (after - before) / requests,
    };
  };
  return inTurn(
    () => one(app),
    () => one(bare),
    REPEATS,
  );
}

const micros = (value: number | null | undefined) => (value == null ? 'n/a' : value.toFixed(1));

function row(label: string, app: Measured | Figures, bare: Measured | Figures): string[] {
  const appCpu = 'cpuPerRequest' in app ? app.cpuPerRequest : null;
  const bareCpu = 'cpuPerRequest' in bare ? bare.cpuPerRequest : null;
  return [
    label,
    app.rps.toFixed(0),
    bare.rps.toFixed(0),
    ratio(app, bare),
    ms(app.p50),
    ms(app.p99),
    ms(bare.p50),
    ms(bare.p99),
    String(app.errors),
    micros(appCpu),
    micros(bareCpu),
    appCpu && bareCpu ? (bareCpu / appCpu).toFixed(2) : 'n/a',
  ];
}

async function runMode(mode: 'development' | 'production'): Promise<void> {
  const log = serverLogFile(`api-${mode}`);
  const appServer = startChild<AppServerReady>(new URL('./app-server.ts', import.meta.url), undefined, {
    stdout: log.fd,
  });
  // The mode reaches the child through its environment.
  const app = await appServer.ready;
  const port = app.port;
  const viewer = await signIn(port, 'player20');
  const cookie = { cookie: viewer.cookie ?? '' };
  const match = `/api/v1/match/${String(app.readMatchId)}`;
  const detail = `/api/v1/match-detail/${String(app.readMatchId)}`;
  const first = await sendRaw(port, match, cookie);
  const etag = first.etag;
  const notificationsPage = '/api/v1/notification?page=1';
  const notificationsEtag = (await sendRaw(port, notificationsPage, cookie)).etag;
  const reads: Read[] = [
    { label: 'GET /api/v1/match/{id}, signed in', path: match, headers: cookie },
    { label: 'GET /api/v1/match/{id}, signed out', path: match, headers: {} },
    ...(etag
      ? [
          {
            label: 'GET /api/v1/match/{id}, If-None-Match (304)',
            path: match,
            headers: { ...cookie, 'if-none-match': etag },
          },
        ]
      : []),
    { label: 'GET /api/v1/match-detail/{id}, signed in', path: detail, headers: cookie },
    { label: 'GET /api/v1/match-detail/{id}, signed out', path: detail, headers: {} },
    { label: 'GET /api/v1/auth/me, signed in', path: '/api/v1/auth/me', headers: cookie },
    { label: 'GET /api/v1/auth/me, signed out', path: '/api/v1/auth/me', headers: {} },
    {
      label: 'GET /api/v1/notification?page=1, signed in',
      path: notificationsPage,
      headers: cookie,
    },
    ...(notificationsEtag
      ? [
          {
            label: 'GET /api/v1/notification?page=1, If-None-Match (304)',
            path: notificationsPage,
            headers: { ...cookie, 'if-none-match': notificationsEtag },
          },
        ]
      : []),
  ].filter((read) => ONLY.length === 0 || ONLY.some((word) => read.label.includes(word)));
  // The bare server answers each path with the body the app gave the signed-in viewer (a 304 stays a 200
  // with the body: what the app would have sent without the ETag).
  const byPath: Record<string, string> = {};
  const sizes: string[] = [];
  for (const read of reads) {
    if (byPath[read.path]) continue;
    const answer = await sendRaw(port, read.path, cookie);
    byPath[read.path] = answer.body;
    sizes.push(
      `${read.path.replace(/\d+$/, '{id}')} ${String(answer.body.length)} B, headers ${String(answer.headerBytes)} B`,
    );
  }
  const bodies: BareServerBodies = {
    get: byPath[match] ?? '',
    post: '{}',
    detail: byPath[detail] ?? '',
    byPath,
  };
  const bareServer = startChild<{ port: number }>(new URL('./bare-server.ts', import.meta.url), bodies);
  const barePort = (await bareServer.ready).port;

  console.log(
    `\n## ${mode} (${mode === 'development' ? '`npm start` as it comes' : 'NODE_ENV=production'}), ${app.database}, ` +
      `log level ${process.env.BENCH_LOG_LEVEL ?? 'info'}\n`,
  );
  console.log(`answers (signed in): ${sizes.join('; ')}`);
  console.log(`load average (1, 5, 15 min) before: ${loadAverage()}\n`);
  // Warm-up: JIT, pools, caches, on every path measured.
  for (const read of reads)
    await runWrk({
      port,
      path: read.path,
      headers: read.headers,
      seconds: 1,
      connections: CONNECTIONS,
      threads: THREADS,
    });
  await runWrk({ port: barePort, path: match, seconds: 1, connections: CONNECTIONS, threads: THREADS });

  const rows: string[][] = [];
  for (const read of reads) {
    const [a, b] = await compare(
      { port, pid: appServer.child.pid },
      { port: barePort, pid: bareServer.child.pid },
      read,
    );
    rows.push(row(read.label, a, b));
  }
  // The framework's floor: Fastify alone answering the match's bytes, against the same bare server.
  const floorServer = startChild<{ port: number }>(
    new URL('./fastify-floor-server.ts', import.meta.url),
    bodies,
    { profile: false },
  );
  const floorPort = (await floorServer.ready).port;
  await runWrk({ port: floorPort, path: match, seconds: 1, connections: CONNECTIONS, threads: THREADS });
  const [floor, floorBare] = await compare(
    { port: floorPort, pid: floorServer.child.pid },
    { port: barePort, pid: bareServer.child.pid },
    { label: 'floor', path: match, headers: {} },
  );
  floorServer.child.disconnect();
  // p99 at a fixed rate: a Node client is enough (far from its own limit at this rate). Each side gets one second
  // at the rate first, not counted: the app sat idle through the floor's runs, and its first requests after an
  // idle spell pay for code V8 dropped meanwhile (24-30 ms for the first one, measured on 2026-11-28), which is not
  // what a room read 1,000 times a second sees.
  const atFixed = (p: number, seconds: number) =>
    atRate(async () => (await send(p, 'GET', match, cookie)).status, { rate: RATE, seconds });
  await atFixed(port, 1);
  const appRate = figures(await atFixed(port, SECONDS));
  await atFixed(barePort, 1);
  const bareRate = figures(await atFixed(barePort, SECONDS));
  rows.push(row(`GET /api/v1/match/{id}, signed in, ${String(RATE)} req/s`, appRate, bareRate));

  console.log(
    table(
      [
        'wrk, saturated',
        'app req/s',
        'bare req/s',
        'app/bare',
        'app p50 ms',
        'app p99 ms',
        'bare p50',
        'bare p99',
        'errors',
        'app CPU µs/req',
        'bare CPU µs/req',
        'CPU bare/app',
      ],
      rows,
    ),
  );
  console.log(
    `\nThe framework's floor: Fastify alone (no plugin, hook or log) answering the match's bytes, ` +
      `${floor.rps.toFixed(0)} req/s against the bare server's ${floorBare.rps.toFixed(0)} in turn: ` +
      `${ratio(floor, floorBare)} bare, ${micros(floor.cpuPerRequest)} µs of CPU a request ` +
      `(bare ${micros(floorBare.cpuPerRequest)}).`,
  );
  console.log(`\nload average (1, 5, 15 min) after: ${loadAverage()}`);
  if (rows.some((r) => r[3] === 'n/a*') || ratio(floor, floorBare) === 'n/a*') console.log(limitNote());

  await new Promise<void>((resolve) => {
    appServer.child.once('exit', () => resolve());
    appServer.child.disconnect();
  });
  bareServer.child.disconnect();
}

/** One GET with the whole answer: body, ETag, and the size of the status line and headers. */
function sendRaw(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; etag: string | null; headerBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = res.rawHeaders;
        let headerBytes = `HTTP/1.1 ${String(res.statusCode)} ${res.statusMessage ?? ''}\r\n`.length + 2;
        for (let i = 0; i < raw.length; i += 2)
          headerBytes += `${raw[i] ?? ''}: ${raw[i + 1] ?? ''}\r\n`.length;
        const etag = res.headers.etag;
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          etag: etag ?? null,
          headerBytes,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const signIn = (port: number, username: string) => signInOn(agent, port, username);

async function main(): Promise<void> {
  ensureWrk();
  console.log(
    `API read benchmark: wrk ${String(THREADS)} threads, ${String(CONNECTIONS)} connections, ${String(SECONDS)} s ` +
      `per run (median of ${String(REPEATS)}, app and bare in turn), ${String(os.cpus().length)} cores, ` +
      `bare floor ${BARE_FLOOR.toLocaleString('en')} req/s, load average ${loadAverage()}`,
  );
  for (const mode of MODES) {
    process.env.BENCH_MODE = mode;
    await runMode(mode);
  }
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
