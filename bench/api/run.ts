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
import http from 'node:http';
import os from 'node:os';
import {
  alternating as alternatingRuns,
  atRate as atRateFor,
  figures,
  loadAverage,
  saturate as saturateFor,
  send as sendOn,
  signIn as signInOn,
  startChild,
  tableRow,
  type Result,
} from '../lib/harness.ts';
import { table } from '../realtime/stats.ts';
import type { AppServerReady, StagedVetoMatches } from './app-server.ts';
import type { BareServerBodies } from './bare-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const VETO_MATCHES = Number(process.env.BENCH_VETO_MATCHES ?? 100);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARMUP_SECONDS = 1;

// Idle connections are dropped before the server's KEEP_ALIVE_TIMEOUT_MS (5 s) closes them under a request.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2, timeout: 4000 });
const send = (port: number, method: string, path: string, headers: Record<string, string> = {}) =>
  sendOn(agent, port, method, path, headers);
const saturate = (next: () => Promise<number>, seconds = SECONDS) =>
  saturateFor(next, { connections: CONNECTIONS, seconds });
const atRate = (next: () => Promise<number>) => atRateFor(next, { rate: RATE, seconds: SECONDS });
const alternating = (app: () => Promise<Result>, bare: () => Promise<Result>) =>
  alternatingRuns(app, bare, REPEATS);
const signIn = (port: number, username: string) => signInOn(agent, port, username);

async function main(): Promise<void> {
  // Each server in its own process (the app as `npm start` runs it, the bare one alone), the load
  // generator here: on one machine all three share the cores, as they would share any load test box.
  const appServer = startChild<AppServerReady>(new URL('./app-server.ts', import.meta.url));
  const app = await appServer.ready;
  const appPort = app.port;
  const read = `/api/v1/match/${String(app.readMatchId)}`;
  const matchJson = (await send(appPort, 'GET', read)).body;
  const detailRead = `/api/v1/match-detail/${String(app.readMatchId)}`;
  const detailJson = (await send(appPort, 'GET', detailRead)).body;
  const vetoJson = JSON.stringify({ message: 'Backlot - selected successfully.' });
  const bodies: BareServerBodies = { get: matchJson, post: vetoJson, detail: detailJson };
  const bareServer = startChild<{ port: number }>(new URL('./bare-server.ts', import.meta.url), bodies);
  const barePort = (await bareServer.ready).port;

  console.log(
    `API benchmark on ${app.database}: ${String(SECONDS)} s per run (median of ${String(REPEATS)}, app and bare ` +
      `in turn), ${String(CONNECTIONS)} connections, ` +
      `${String(RATE)} req/s for the fixed-rate run, match answer ${String(matchJson.length)} bytes, ` +
      `${String(os.cpus().length)} cores, load average ${loadAverage()}\n`,
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
  console.log(`\nload average (1, 5, 15 min) at the end: ${loadAverage()}`);
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
