// Large-world benchmark: the pages a signed-in player opens, on the world `npm run seed:large` built in
// DATABASE_URL, against a bare Node `http` server returning the same JSON for the same paths, in the same
// run on the same machine (each server in its own process, the load generators here). Prints, per page,
// the saturated throughput driven by wrk (app/bare ratio, with each server's CPU time per request and how
// busy the bare server was) and the latency at a fixed rate (p50, p99, a Node client far from its limit at
// that rate), and the load average; asserts nothing.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/versus_large npm run large-world -w bench
//   BENCH_SECONDS=5 BENCH_REPEATS=1 BENCH_CONNECTIONS=16 BENCH_THREADS=2 BENCH_RATE=200 BENCH_VIEWERS=10 (the defaults)
//   BENCH_PAGES=profile,ladder (only those pages), BENCH_PROFILE=<dir> (a CPU profile of the app process),
//   PAGE_CACHE_TTL_MS=0 (the team, ladder, tournament, profile and Active games pages read every time, as before the page cache)
//   BENCH_LADDERS=10 (the ladders the ladder pages go round: a world seeded smaller than full has fewer than 20)
//
// Viewers: u1 … u{BENCH_VIEWERS} (1,000 notifications each in the full world, captains of large-team-1 …);
// each request goes out as the next viewer. Profiles and team pages go round u1 … u50 and large-team-1 … 50.
// The saturated runs: wrk (bench/lib/wrk.ts; each thread goes round the paths and the viewers' cookies).
// A Node client was the limit here: reading 130 KB answers it kept a core busy at ~1,000 req/s while the app
// sat at 30 % of one. A ratio is printed when the bare server was the limit: it answered BENCH_BARE_FLOOR
// (20,000) req/s or more, or was busy BENCH_BARE_BUSY (90) % of a core or more (a large answer's bytes, not
// the generator, bound it); else `n/a*`.
import http from 'node:http';
import os from 'node:os';
import {
  alternating as alternatingRuns,
  inTurn,
  atRate as atRateFor,
  cpuMicros,
  loadAverage,
  send,
  signIn as signInOn,
  startChild,
  type Figures,
  type Result,
} from '../lib/harness.ts';
import { BARE_FLOOR, ensureWrk, runWrk } from '../lib/wrk.ts';
import { table } from '../realtime/stats.ts';
import type { LargeWorldAppReady } from './app-server.ts';
import type { LargeWorldBareBodies } from './bare-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const BARE_BUSY = Number(process.env.BENCH_BARE_BUSY ?? 90);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10);
const ROTATE = 50;
const LADDERS = Number(process.env.BENCH_LADDERS ?? 20);
const WARMUP_SECONDS = 1;

interface Page {
  label: string;
  paths: string[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const ALL_PAGES: Page[] = [
  { label: 'notifications, page 1', paths: ['/api/v1/notification?page=1'] },
  { label: 'notifications, page 50', paths: ['/api/v1/notification?page=50'] },
  { label: 'active matches', paths: ['/api/v1/match/user-active-matches?page=1'] },
  { label: 'profile with match history', paths: range(ROTATE).map((k) => `/api/v1/users/u${String(k)}`) },
  {
    label: 'profile statistics',
    paths: range(ROTATE).map((k) => `/api/v1/users/u${String(k)}/stats`),
  },
  { label: 'team page', paths: range(ROTATE).map((k) => `/api/v1/teams/large-team-${String(k)}`) },
  { label: 'ladder standings', paths: ['/api/v1/ladders/large-ladder-1'] },
  { label: 'tournament bracket', paths: ['/api/v1/tournaments/large-cup'] },
  // The leaderboards (docs/statistics.md, "Leaderboards"), read from their summary: the game-wide lists hold
  // every player (ten solo-queue matches with a statistics row each), a ladder's about 2,500.
  { label: 'leaderboard rating, game-wide', paths: ['/api/v1/leaderboards/players/rating'] },
  {
    label: 'leaderboard rating, game-wide, page 100',
    paths: ['/api/v1/leaderboards/players/rating?page=100'],
  },
  { label: 'leaderboard rating, a country', paths: ['/api/v1/leaderboards/players/rating?country=de'] },
  {
    label: 'leaderboard rating, a country, page 100',
    paths: ['/api/v1/leaderboards/players/rating?country=de&page=100'],
  },
  {
    label: 'leaderboard rating, a ladder',
    paths: range(LADDERS).map(
      (k) => `/api/v1/leaderboards/players/rating?competition=ladder:large-ladder-${String(k)}`,
    ),
  },
  {
    label: 'leaderboard rating, a ladder, page 10',
    paths: range(LADDERS).map(
      (k) => `/api/v1/leaderboards/players/rating?competition=ladder:large-ladder-${String(k)}&page=10`,
    ),
  },
  {
    label: 'leaderboard rating, a ladder and a country',
    paths: range(LADDERS).map(
      (k) => `/api/v1/leaderboards/players/rating?competition=ladder:large-ladder-${String(k)}&country=fr`,
    ),
  },
  // A ladder season's players (its key of the summary): each ladder has two seasons holding half of its
  // matches each, the first closed, the second current; the paths go round both.
  {
    label: 'leaderboard rating, a ladder season',
    paths: range(LADDERS).map(
      (k) =>
        `/api/v1/leaderboards/players/rating?competition=ladder:large-ladder-${String(k)}&season=${String(1 + (k % 2))}`,
    ),
  },
  {
    label: 'leaderboard rating, a ladder season and a country, page 2',
    paths: range(LADDERS).map(
      (k) =>
        `/api/v1/leaderboards/players/rating?competition=ladder:large-ladder-${String(k)}&season=${String(1 + (k % 2))}&country=de&page=2`,
    ),
  },
  // The large world's ladder matches carry no statistics rows: this list is empty, its cost the index probe.
  {
    label: 'leaderboard FPS rating, a ladder season',
    paths: range(LADDERS).map(
      (k) =>
        `/api/v1/leaderboards/players/fps?competition=ladder:large-ladder-${String(k)}&season=${String(1 + (k % 2))}&minMatches=3`,
    ),
  },
  { label: 'leaderboard FPS rating, game-wide', paths: ['/api/v1/leaderboards/players/fps'] },
  {
    label: 'leaderboard FPS rating, game-wide, page 100',
    paths: ['/api/v1/leaderboards/players/fps?page=100'],
  },
  { label: 'leaderboard FPS rating, a country', paths: ['/api/v1/leaderboards/players/fps?country=se'] },
  {
    label: 'leaderboard FPS rating, the solo queue, page 50',
    paths: ['/api/v1/leaderboards/players/fps?competition=solo-queue:large-queue&page=50'],
  },
  {
    label: 'leaderboard teams by ladder standing',
    paths: range(LADDERS).map(
      (k) => `/api/v1/leaderboards/teams?competition=ladder:large-ladder-${String(k)}&page=2`,
    ),
  },
  // A ladder's last page (500 teams, 25 a page) and its closed first season's kept standings.
  {
    label: 'leaderboard teams by ladder standing, page 20',
    paths: range(LADDERS).map(
      (k) => `/api/v1/leaderboards/teams?competition=ladder:large-ladder-${String(k)}&page=20`,
    ),
  },
  {
    label: 'leaderboard teams of a closed season, page 20',
    paths: range(LADDERS).map(
      (k) => `/api/v1/leaderboards/teams?competition=ladder:large-ladder-${String(k)}&season=1&page=20`,
    ),
  },
];

// BENCH_PAGES=profile,team measures only the pages whose label contains one of the words (`leaderboard`: the
// leaderboards).
const PAGE_FILTER = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const PAGES = PAGE_FILTER.length
  ? ALL_PAGES.filter((p) => PAGE_FILTER.some((word) => p.label.includes(word)))
  : ALL_PAGES;

// Idle connections are dropped before the server's KEEP_ALIVE_TIMEOUT_MS (5 s) closes them under a request.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2, timeout: 4000 });

const request = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
) => send(agent, port, method, path, headers, body);
const atRate = (next: () => Promise<number>) => atRateFor(next, { rate: RATE, seconds: SECONDS });
const alternating = (app: () => Promise<Result>, bare: () => Promise<Result>) =>
  alternatingRuns(app, bare, REPEATS);
const signIn = (port: number, username: string) => signInOn(agent, port, username);

/** A saturated wrk run's figures, the server's CPU time per request (µs) and its busy share of a core (%). */
type Saturated = Figures & { cpuPerRequest: number | null; busy: number | null };

/** wrk on one server for `seconds`, going round `paths` and the viewers' `cookies`. */
async function saturate(
  server: { port: number; pid: number | undefined },
  paths: readonly string[],
  cookies: readonly string[],
  seconds = SECONDS,
): Promise<Saturated> {
  const before = cpuMicros(server.pid);
  const run = await runWrk({
    port: server.port,
    path: paths[0] ?? '/',
    paths,
    cookies,
    seconds,
    connections: CONNECTIONS,
    threads: THREADS,
  });
  const after = cpuMicros(server.pid);
  const used = before === null || after === null ? null : after - before;
  const requests = run.rps * seconds;
  return {
    ...run,
    cpuPerRequest: used === null || requests <= 0 ? null : used / requests,
    busy: used === null ? null : used / (seconds * 10_000),
  };
}

/** app/bare, or `n/a*` when neither the bare figure nor the bare server's busy share says it was the limit. */
function saturatedRatio(app: Saturated, bare: Saturated): string {
  const bareBound = bare.rps >= BARE_FLOOR || (bare.busy !== null && bare.busy >= BARE_BUSY);
  return bareBound ? (app.rps / bare.rps).toFixed(2) : 'n/a*';
}

const perRequest = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));

async function main(): Promise<void> {
  ensureWrk();
  const appServer = startChild<LargeWorldAppReady>(new URL('./app-server.ts', import.meta.url));
  const appPort = (await appServer.ready).port;
  const viewers = await Promise.all(range(VIEWERS).map((k) => signIn(appPort, `u${String(k)}`)));
  let turn = 0;
  const nextViewer = () => viewers[turn++ % viewers.length] ?? {};

  // The bare server answers each path with what the app answered the first viewer.
  const bodies: Record<string, string> = {};
  for (const page of PAGES)
    for (const path of page.paths) {
      const res = await request(appPort, 'GET', path, viewers[0]);
      if (res.status !== 200) throw new Error(`${path}: ${String(res.status)} ${res.body.slice(0, 200)}`);
      bodies[path] = res.body;
    }
  const bareServer = startChild<{ port: number }>(
    new URL('./bare-server.ts', import.meta.url),
    { bodies } satisfies LargeWorldBareBodies,
    { profile: false },
  );
  const barePort = (await bareServer.ready).port;
  const servers = [
    { port: appPort, pid: appServer.child.pid },
    { port: barePort, pid: bareServer.child.pid },
  ] as const;
  const cookies = viewers.map((v) => v.cookie ?? '');

  console.log(
    `Large-world benchmark on PostgreSQL (${new URL(process.env.DATABASE_URL ?? '').pathname.slice(1)}): ` +
      `${String(SECONDS)} s per run (median of ${String(REPEATS)}, app and bare in turn), ` +
      `wrk ${String(THREADS)} threads and ${String(CONNECTIONS)} connections saturated, ${String(RATE)} req/s for the latency run, ` +
      `${String(VIEWERS)} signed-in viewers, ${String(os.cpus().length)} cores, load average ${loadAverage()}\n`,
  );

  const rows: string[][] = [];
  for (const page of PAGES) {
    let i = 0;
    const nextPath = () => page.paths[i++ % page.paths.length] ?? '';
    const app = async () => (await request(appPort, 'GET', nextPath(), nextViewer())).status;
    const bare = async () => (await request(barePort, 'GET', nextPath(), nextViewer())).status;
    await saturate(servers[0], page.paths, cookies, WARMUP_SECONDS);
    await saturate(servers[1], page.paths, cookies, WARMUP_SECONDS);
    const [appFull, bareFull] = await inTurn(
      () => saturate(servers[0], page.paths, cookies),
      () => saturate(servers[1], page.paths, cookies),
      REPEATS,
    );
    const [appRate, bareRate] = await alternating(
      () => atRate(app),
      () => atRate(bare),
    );
    const bytes = Math.round(
      page.paths.reduce((n, p) => n + Buffer.byteLength(bodies[p] ?? ''), 0) / page.paths.length,
    );
    rows.push([
      page.label,
      String(bytes),
      appFull.rps.toFixed(0),
      bareFull.rps.toFixed(0),
      saturatedRatio(appFull, bareFull),
      perRequest(appFull.cpuPerRequest),
      perRequest(bareFull.cpuPerRequest),
      bareFull.busy === null ? 'n/a' : bareFull.busy.toFixed(0),
      appFull.p99.toFixed(1),
      appRate.p50.toFixed(2),
      appRate.p99.toFixed(2),
      bareRate.p50.toFixed(2),
      bareRate.p99.toFixed(2),
      (appRate.p99 / bareRate.p99).toFixed(1),
      String(appFull.errors + appRate.errors),
    ]);
    console.log(`  ${page.label}: done (load average ${loadAverage()})`);
  }
  console.log(
    '\n' +
      table(
        [
          'signed-in page',
          'bytes',
          'app req/s',
          'bare req/s',
          'app/bare',
          'app µs/req',
          'bare µs/req',
          'bare busy %',
          'sat. p99',
          `p50 @${String(RATE)}/s`,
          `p99 @${String(RATE)}/s`,
          'bare p50',
          'bare p99',
          'p99 app/bare',
          'errors',
        ],
        rows,
      ),
  );
  console.log(`\nload average (1, 5, 15 min) at the end: ${loadAverage()}`);
  console.log(
    `µs/req: each server's CPU time (user + system) per answer in the saturated run; bare busy: the bare ` +
      `server's CPU over that run, % of one core. * n/a: the bare server answered under ` +
      `${BARE_FLOOR.toLocaleString('en')} req/s and was busy under ${String(BARE_BUSY)} % of a core: ` +
      `the generator or the machine was the limit, not the server.`,
  );
  agent.destroy();
  appServer.child.disconnect();
  bareServer.child.disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
