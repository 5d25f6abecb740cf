// API benchmark: the real app (`buildApp` in production mode, in its own process, on embedded PGlite or
// DATABASE_URL) against a bare Node `http` server returning the same JSON (its own process too), in the
// same run on the same machine. Prints a table of figures and app/bare ratios; asserts nothing.
//
//   npx tsx bench/api/run.ts
//   BENCH_SECONDS=10 BENCH_REPEATS=3 BENCH_CONNECTIONS=32 BENCH_RATE=500 BENCH_VETO_MATCHES=100 npx tsx bench/api/run.ts
//   DATABASE_URL=postgres://... npx tsx bench/api/run.ts   (a throw-away database on that server)
//   BENCH_LOG_LEVEL=info npx tsx bench/api/run.ts          (with request logging, as `npm start` logs)
//
// Scenarios: `GET /api/v1/match/{id}` at full speed (requests/s, p50, p99) and at a fixed rate
// (BENCH_RATE requests/s: p99 under load); a veto turn (`POST /api/v1/match/{id}/map/{mapId}`), played
// by both captains over many staged matches (each request is one committed turn under the row lock).
// The load generator is a small keep-alive client on `http.Agent`.
import { fork } from 'node:child_process';
import type { ChildProcess, Serializable } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { percentile, table } from '../realtime/stats.ts';
import type { AppServerReady, StagedVetoMatches } from './app-server.ts';
import type { BareServerBodies } from './bare-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const VETO_MATCHES = Number(process.env.BENCH_VETO_MATCHES ?? 100);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARMUP_SECONDS = 1;

interface Result {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          setCookie: res.headers['set-cookie'] ?? [],
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Closed loop: CONNECTIONS workers send back to back for `seconds`. */
async function saturate(next: () => Promise<number>, seconds = SECONDS): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await next().catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status >= 400 || status === 0) errors += 1;
      }
    }),
  );
  return { requests: latencies.length, seconds: (performance.now() - start) / 1000, latencies, errors };
}

/** Open loop: RATE requests per second for SECONDS, whatever the answers take. */
async function atRate(next: () => Promise<number>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const total = RATE * SECONDS;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    pending.push(
      next()
        .catch(() => 0)
        .then((status) => {
          latencies.push(performance.now() - t0);
          if (status >= 400 || status === 0) errors += 1;
        }),
    );
  }
  await Promise.all(pending);
  return { requests: latencies.length, seconds: (performance.now() - start) / 1000, latencies, errors };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function figures(r: Result): Figures {
  return {
    rps: r.requests / r.seconds,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    errors: r.errors,
  };
}

const ms = (n: number) => n.toFixed(2);

/**
 * Runs the app and the bare server in turn, REPEATS times each, and keeps each one's median run (by
 * throughput, then p99): interleaving spreads whatever else the machine does over both.
 */
async function alternating(app: () => Promise<Result>, bare: () => Promise<Result>) {
  const runs: [Figures[], Figures[]] = [[], []];
  for (let i = 0; i < REPEATS; i += 1) {
    runs[0].push(figures(await app()));
    runs[1].push(figures(await bare()));
  }
  const median = (list: Figures[]) =>
    [...list].sort((a, b) => a.rps - b.rps || a.p99 - b.p99)[Math.floor(list.length / 2)] ?? list[0];
  return [median(runs[0]), median(runs[1])] as [Figures, Figures];
}

function tableRow(label: string, app: Figures, bare: Figures): string[] {
  return [
    label,
    app.rps.toFixed(0),
    bare.rps.toFixed(0),
    (app.rps / bare.rps).toFixed(2),
    ms(app.p50),
    ms(app.p99),
    ms(bare.p50),
    ms(bare.p99),
    String(app.errors),
  ];
}

/** Forks a benchmark server (tsx-loaded) and resolves with its first IPC message. */
function startChild<T>(file: string, message?: unknown): { child: ChildProcess; ready: Promise<T> } {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), {
    // BENCH_PROFILE=dir writes a CPU profile of each server process there (open it in Chrome DevTools).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${String(code)}`)));
  });
  if (message !== undefined) child.send(message as Serializable);
  return { child, ready };
}

async function signIn(port: number, username: string): Promise<Record<string, string>> {
  const health = await send(port, 'GET', '/api/v1/health');
  const jar = new Map<string, string>();
  const keep = (lines: string[]) => {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  keep(health.setCookie);
  const body = JSON.stringify({ username, password: 'password' });
  const login = await new Promise<string[]>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/login',
        agent,
        headers: {
          'content-type': 'application/json',
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['set-cookie'] ?? []));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  keep(login);
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  };
}

async function main(): Promise<void> {
  // Each server in its own process (the app as `npm start` runs it, the bare one alone), the load
  // generator here: on one machine all three share the cores, as they would share any load test box.
  const appServer = startChild<AppServerReady>('./app-server.ts');
  const app = await appServer.ready;
  const appPort = app.port;
  const read = `/api/v1/match/${String(app.readMatchId)}`;
  const matchJson = (await send(appPort, 'GET', read)).body;
  const detailRead = `/api/v1/match-detail/${String(app.readMatchId)}`;
  const detailJson = (await send(appPort, 'GET', detailRead)).body;
  const vetoJson = JSON.stringify({ message: 'Backlot - selected successfully.' });
  const bodies: BareServerBodies = { get: matchJson, post: vetoJson, detail: detailJson };
  const bareServer = startChild<{ port: number }>('./bare-server.ts', bodies);
  const barePort = (await bareServer.ready).port;

  console.log(
    `API benchmark on ${app.database}: ${String(SECONDS)} s per run (median of ${String(REPEATS)}, app and bare ` +
      `in turn), ${String(CONNECTIONS)} connections, ` +
      `${String(RATE)} req/s for the fixed-rate run, match answer ${String(matchJson.length)} bytes, ` +
      `${String(os.cpus().length)} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}\n`,
  );
  // Signed in as a spectator (every player is signed in): the session cookie on every request; the bare
  // server gets the same headers.
  const viewer = await signIn(appPort, 'player20');
  // Warm-up: JIT, connection pools, the caches, on every path measured.
  for (const path of [read, detailRead]) {
    await saturate(async () => (await send(appPort, 'GET', path)).status, WARMUP_SECONDS);
    await saturate(async () => (await send(appPort, 'GET', path, viewer)).status, WARMUP_SECONDS);
    await saturate(async () => (await send(barePort, 'GET', path, viewer)).status, WARMUP_SECONDS);
  }
  const getApp = async () => (await send(appPort, 'GET', read)).status;
  const getBare = async () => (await send(barePort, 'GET', read)).status;
  const [appRead, bareRead] = await alternating(
    () => saturate(getApp),
    () => saturate(getBare),
  );
  const getAppSignedIn = async () => (await send(appPort, 'GET', read, viewer)).status;
  const getBareSignedIn = async () => (await send(barePort, 'GET', read, viewer)).status;
  const [appReadIn, bareReadIn] = await alternating(
    () => saturate(getAppSignedIn),
    () => saturate(getBareSignedIn),
  );
  // The detail page: the cached match, presented and encoded through its answer schema once per version
  // and viewer kind.
  const [appDetail, bareDetail] = await alternating(
    () => saturate(async () => (await send(appPort, 'GET', detailRead, viewer)).status),
    () => saturate(async () => (await send(barePort, 'GET', detailRead, viewer)).status),
  );
  const [appRate, bareRate] = await alternating(
    () => atRate(getAppSignedIn),
    () => atRate(getBareSignedIn),
  );

  // Veto turns: many BO1 matches, each worker plays its matches' six bans, alternating captains.
  const staged = new Promise<StagedVetoMatches>((resolve) =>
    appServer.child.once('message', (m) => resolve(m as StagedVetoMatches)),
  );
  appServer.child.send({ stageVetoMatches: VETO_MATCHES });
  const { vetoMatchIds } = await staged;
  const captains = { 1: await signIn(appPort, 'player1'), 2: await signIn(appPort, 'player6') };
  const mapIds = JSON.parse(matchJson) as { data: { maps: { id: number }[] } };
  const pool = mapIds.data.maps.map((m) => m.id);
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  // One chain per match (turns of one match are sequential by nature), CONNECTIONS chains at a time.
  let cursor = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (cursor < vetoMatchIds.length) {
        const id = vetoMatchIds[cursor++] ?? 0;
        for (let step = 0; step < 6; step += 1) {
          const headers = captains[step % 2 === 0 ? 2 : 1];
          const t0 = performance.now();
          const res = await send(
            appPort,
            'POST',
            `/api/v1/match/${String(id)}/map/${String(pool[step] ?? 0)}`,
            headers,
          );
          latencies.push(performance.now() - t0);
          if (res.status !== 200) errors += 1;
        }
      }
    }),
  );
  const vetoRun = figures({
    requests: latencies.length,
    seconds: (performance.now() - start) / 1000,
    latencies,
    errors,
  });
  const bareVeto = figures(
    await saturate(async () => (await send(barePort, 'POST', '/api/v1/match/1/map/1')).status),
  );

  console.log(
    table(
      [
        '',
        'app req/s',
        'bare req/s',
        'app/bare',
        'app p50 ms',
        'app p99 ms',
        'bare p50',
        'bare p99',
        'errors',
      ],
      [
        tableRow('GET /api/v1/match/{id}, signed out, saturated', appRead, bareRead),
        tableRow('GET /api/v1/match/{id}, signed in, saturated', appReadIn, bareReadIn),
        tableRow(`GET /api/v1/match/{id}, signed in, ${String(RATE)} req/s`, appRate, bareRate),
        tableRow('GET /api/v1/match-detail/{id}, signed in, saturated', appDetail, bareDetail),
        tableRow('POST /api/v1/match/{id}/map/{mapId} (veto turn)', vetoRun, bareVeto),
      ],
    ),
  );
  console.log(
    `\nload average (1, 5, 15 min) at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    `\n(veto: ${String(latencies.length)} committed turns over ${String(vetoMatchIds.length)} matches; the last ` +
      'turn of each ends the veto and provisions a simulated game server)',
  );

  agent.destroy();
  appServer.child.disconnect();
  bareServer.child.disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
