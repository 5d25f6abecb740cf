// Memory benchmark (docs/benchmarks.md): does the app's memory level off under the same traffic again and
// again? Starts the app as `npm start` does (bench/memory/app-server.ts: development mode, PGlite in a fresh
// data folder, the embedded game servers, the request log on stdout, here into a file), signs in a player and
// the admin as the web app does, stages the demo scenarios through the development endpoint (what a match
// night leaves behind: matches in the veto, in progress, played on an emulated server, finished, disputed, a
// tournament ready), plays a 16-team tournament night through the HTTP API on the embedded emulated servers
// (bench/memory/night.ts; BENCH_NIGHT=0 leaves it out, BENCH_MS_PER_GAME_SECOND (8) is the emulators' time
// scale, BENCH_NIGHT_DEADLINE_MS (15 minutes) when it gives up) and prints the RSS after it, then sends BENCH_MEMORY_ROUNDS (10) rounds of the same BENCH_ROUND_REQUESTS (1,540)
// requests (the pages and API calls of a signed-in player and an admin: match rooms, profiles, ladders,
// tournaments, notifications, admin pages), BENCH_CONCURRENCY (8) at a time, after one warm-up round, and
// prints the server's RSS and heap used after each round, as it stands and again after a forced full garbage
// collection, and whether the last five rounds' after-GC RSS are within 2 % of each other: the RSS as it stands
// rises and falls by up to ~150 MB with garbage not yet collected, so one reading depends on where the GC cycle
// happened to be; after a full GC it is what the process keeps, comparable round to round. Beside it, the baseline: a bare Node `http` server (bench/memory/bare-server.ts) answering
// the same paths with the app's bodies, after the same number of requests. Asserts nothing.
//
//   npm run memory -w bench
//   BENCH_HEAP_SNAPSHOTS=/tmp/snaps npm run memory -w bench   # a heap snapshot after the warm-up and the last round
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { loadAverage, send, serverLogFile, signIn, startChild } from '../lib/harness.ts';
import type { BareAnswer } from '../lib/bare-json-server.ts';
import { table } from '../realtime/stats.ts';
import type { MemoryAnswer, MemoryRequest } from './app-server.ts';
import { playTournamentNight, type NightSummary } from './night.ts';

const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 10);
const ROUND_REQUESTS = Number(process.env.BENCH_ROUND_REQUESTS ?? 1540);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;
/** A folder: the night's allocations sampled (night.heapprofile, for Chrome DevTools' Memory tab). */
const HEAP_PROFILE = process.env.BENCH_HEAP_PROFILE;
/** The tournament night before the rounds (bench/memory/night.ts); BENCH_NIGHT=0 leaves it out. */
const NIGHT = process.env.BENCH_NIGHT !== '0';
const NIGHT_DEADLINE_MS = Number(process.env.BENCH_NIGHT_DEADLINE_MS ?? 15 * 60_000);
/** Seconds without a request after the night before its RSS is read again (BENCH_NIGHT_IDLE_S). */
const NIGHT_IDLE_S = Number(process.env.BENCH_NIGHT_IDLE_S ?? 30);
/** The embedded emulators' time scale for the night (EMBEDDED_MS_PER_GAME_SECOND; `npm start`'s is 50). */
const MS_PER_GAME_SECOND = process.env.BENCH_MS_PER_GAME_SECOND ?? '8';
/** The scenarios staged before the rounds (server/src/modules/dev/scenarios.ts), each once. */
const SCENARIOS = [
  'ladder-challenge',
  'ladder-veto',
  'ladder-veto-bo3',
  'tournament-ready',
  'in-progress',
  'server-log-live',
  'server-log-result',
  'score-entered',
  'finished',
  'disputed',
  'pug-pick',
];

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Asks a child for its memory (app-server.ts and bare-server.ts answer `{memory}`). */
function heapProfileOf(child: ChildProcess, request: MemoryRequest): Promise<unknown> {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(request);
  });
}

function memoryOf(child: ChildProcess, collect = false): Promise<MemoryAnswer> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as MemoryAnswer));
    child.send({ memory: true, collect } satisfies MemoryRequest);
  });
}

async function waitForHealth(agent: http.Agent, port: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const status = await send(agent, port, 'GET', '/api/v1/health')
      .then((a) => a.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error('the app did not answer /api/v1/health within 3 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Call {
  path: string;
  admin: boolean;
}

/** Values of `"key":…` in a JSON text, in order, each once. */
const valuesOf = (body: string, key: string): string[] => [
  ...new Set([...body.matchAll(new RegExp(`"${key}":"?([^",}]+)`, 'g'))].map((m) => m[1] ?? '')),
];

/** The pages and API calls a signed-in player and the admin make, over every match of the world. */
async function requestMix(
  agent: http.Agent,
  port: number,
  player: Record<string, string>,
  admin: Record<string, string>,
  matchIds: number[],
): Promise<Call[]> {
  const list = async (p: string, headers: Record<string, string>) =>
    (await send(agent, port, 'GET', p, headers)).body;
  const ladders = valuesOf(await list('/api/v1/ladders', player), 'slug');
  const tournaments = valuesOf(await list('/api/v1/tournaments', player), 'slug');
  const teams = valuesOf(await list('/api/v1/teams', player), 'slug').slice(0, 12);
  const adminLadders = valuesOf(await list('/api/v1/admin/ladders', admin), 'id').slice(0, 4);
  const adminTournaments = valuesOf(await list('/api/v1/admin/tournaments', admin), 'id').slice(0, 4);
  const users = [...Array.from({ length: 20 }, (_, i) => `player${String(i + 1)}`), 'admin'];
  // A match's demos and screenshots are its players' and the admins' (403 for anyone else): the player asks
  // for those of the matches he may see (one look at each match's demos tells), the admin for the others'
  // (the night's, which player1 did not play), as an admin looks into a match room.
  const playerSees = new Set<number>();
  for (const id of matchIds) {
    const demos = await send(agent, port, 'GET', `/api/v1/match/${String(id)}/demos`, player);
    if (demos.status !== 403) playerSees.add(id);
  }
  const rosterOnly = (id: number) =>
    [`/api/v1/match/${String(id)}/demos`, `/api/v1/screenshots/${String(id)}`].map((p) => ({
      path: p,
      admin: !playerSees.has(id),
    }));
  const room = (id: number) => [
    ...[
      `/match/${String(id)}`,
      `/api/v1/match-detail/${String(id)}`,
      `/api/v1/match-detail/status/${String(id)}/actions`,
      `/api/v1/match/${String(id)}`,
      `/api/v1/match-detail/players/${String(id)}`,
      `/api/v1/match-detail/statistics/${String(id)}`,
      `/api/v1/match-detail/sub/${String(id)}/access`,
      `/api/v1/match-detail/lineup/${String(id)}`,
      `/api/v1/match-detail/dispute/${String(id)}/can-dispute`,
      `/api/v1/match-detail/ratings/${String(id)}`,
      `/api/v1/match/${String(id)}/server`,
      `/api/v1/match/${String(id)}/live-score`,
      `/api/v1/match-detail/score/${String(id)}/can-submit`,
      `/api/v1/match-detail/location/${String(id)}`,
      `/api/v1/chat/${String(id)}`,
    ].map((p) => ({ path: p, admin: false })),
    ...rosterOnly(id),
  ];
  const playerPaths = [
    '/',
    '/api/v1/auth/me',
    '/api/v1/match/user-active-matches',
    '/api/v1/notification?page=1',
    '/api/v1/notification?page=2',
    '/api/v1/team-invitations',
    '/api/v1/users/me/player-ids',
    '/api/v1/solo-queues',
    '/api/v1/solo-queues/me',
    '/ladders',
    '/api/v1/ladders',
    ...ladders.flatMap((s) => [`/ladders/${s}`, `/api/v1/ladders/${s}`]),
    '/tournaments',
    '/api/v1/tournaments',
    ...tournaments.flatMap((s) => [`/tournaments/${s}`, `/api/v1/tournaments/${s}`]),
    '/api/v1/teams',
    ...teams.flatMap((s) => [`/teams/${s}`, `/api/v1/teams/${s}`, `/api/v1/teams/${s}/map-preferences`]),
    ...users.flatMap((u) => [`/profile/${u}`, `/api/v1/users/${u}`]),
  ].map((p) => ({ path: p, admin: false }));
  const adminPaths = [
    '/admin',
    '/api/v1/auth/me',
    '/api/v1/admin/overview',
    '/api/v1/admin/stuck-matches',
    '/api/v1/admin/game-servers',
    '/api/v1/admin/identity-conflicts',
    '/api/v1/admin/games',
    '/api/v1/admin/ladders',
    '/api/v1/admin/locations',
    '/api/v1/admin/map-pools',
    '/api/v1/admin/maps',
    '/api/v1/admin/solo-queues',
    '/api/v1/admin/tournaments',
    ...adminLadders.map((id) => `/api/v1/admin/ladders/${id}/seasons`),
    ...adminTournaments.map((id) => `/api/v1/admin/tournaments/${id}/round-windows`),
    ...matchIds.slice(-4).map((id) => `/api/v1/admin/matches/${String(id)}/guests`),
  ].map((p) => ({ path: p, admin: true }));
  const once = [...playerPaths, ...matchIds.flatMap(room), ...adminPaths];
  // The same list over and over until the round has its size.
  return Array.from({ length: ROUND_REQUESTS }, (_, i) => once[i % once.length] as Call);
}

/** One round: every call, CONCURRENCY at a time; answers the statuses seen and each path's last answer. */
async function round(
  agent: http.Agent,
  port: number,
  calls: Call[],
  player: Record<string, string>,
  admin: Record<string, string>,
): Promise<{ statuses: Map<number, number>; answers: Map<string, BareAnswer> }> {
  const statuses = new Map<number, number>();
  const answers = new Map<string, BareAnswer>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls.length) {
        const call = calls[next] as Call;
        next += 1;
        const headers = call.admin ? admin : player;
        const answer = await send(agent, port, 'GET', call.path, headers).catch(() => ({
          status: 0,
          body: '',
        }));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        answers.set(call.path, { status: answer.status, body: answer.body });
      }
    }),
  );
  return { statuses, answers };
}

/** The night in one sentence for the header. */
function nightLine(night: NightSummary | null): string {
  if (!night) return 'no tournament night (BENCH_NIGHT=0)';
  return (
    `a 16-team tournament night played on the embedded emulators at ${MS_PER_GAME_SECOND} ms a game ` +
    `second (matches ${String(Math.min(...night.matchIds))}-${String(Math.max(...night.matchIds))}): ` +
    `${String(night.finished)} of 15 finished, ${String(night.cancelled)} cancelled, tournament ` +
    `${night.status}, winner ${night.winner ?? 'none'}, ${String(night.requests)} requests, ` +
    `${night.seconds.toFixed(0)} s`
  );
}

/** Whether the last five figures are within 2 % of each other (max against min). */
function flat(values: number[]): { flat: boolean; spread: number } {
  const last = values.slice(-5);
  const spread = (Math.max(...last) - Math.min(...last)) / Math.min(...last);
  return { flat: spread <= 0.02, spread };
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-memory-'));
  const log = serverLogFile('memory');
  const started = Date.now();
  const app = startChild<unknown>(
    new URL('./app-server.ts', import.meta.url),
    {
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_MS_PER_GAME_SECOND: MS_PER_GAME_SECOND,
      },
    } satisfies MemoryRequest,
    { stdout: log.fd },
  );
  await app.ready;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  await waitForHealth(agent, port);
  const startSeconds = (Date.now() - started) / 1000;
  const idle = await memoryOf(app.child);
  const admin = await signIn(agent, port, 'admin');
  const player = await signIn(agent, port, 'player1');

  const matchIds: number[] = [];
  for (const name of SCENARIOS) {
    // A keep-alive connection the server closed while idle (a scenario can take seconds on a busy machine)
    // answers ECONNRESET: counted as a refusal and sent again.
    const stage = () =>
      send(
        agent,
        port,
        'POST',
        `/api/v1/dev/scenarios/${name}`,
        { ...admin, 'content-type': 'application/json' },
        '{}',
      ).catch((error: unknown) => ({ status: 0, body: String(error), setCookie: [] }));
    let staged = await stage();
    // On a busy machine an emulated server can miss its health check while it starts (409, the match
    // cancelled), or its log still shows the map being played when the scenario enters the score (422): stage
    // it again, on a new match, a moment later.
    for (let attempt = 1; [0, 409, 422].includes(staged.status) && attempt < 4; attempt += 1) {
      await new Promise((r) => setTimeout(r, 2000));
      staged = await stage();
    }
    if (staged.status !== 201) throw new Error(`staging ${name}: ${String(staged.status)} ${staged.body}`);
    matchIds.push((JSON.parse(staged.body) as { data: { matchId: number } }).data.matchId);
  }
  const staged = await memoryOf(app.child);
  let night: NightSummary | null = null;
  let nightMemory: [MemoryAnswer, MemoryAnswer] | null = null;
  let nightIdleMemory: [MemoryAnswer, MemoryAnswer] | null = null;
  if (NIGHT) {
    const say = (text: string) => console.log(`[night ${(performance.now() / 1000).toFixed(0)} s] ${text}`);
    if (HEAP_PROFILE) await heapProfileOf(app.child, { heapProfile: 'start' });
    // The heap's high-water mark over the night, read every second.
    let peak: MemoryAnswer | null = null;
    // One reading at a time: an answer is whichever message comes next on the channel.
    let reading: Promise<void> = Promise.resolve();
    const watch = setInterval(() => {
      reading = reading.then(async () => {
        const m = await memoryOf(app.child);
        if (!peak || m.heapTotal > peak.heapTotal) peak = m;
      });
    }, 1000);
    night = await playTournamentNight(`http://127.0.0.1:${String(port)}`, NIGHT_DEADLINE_MS, say);
    clearInterval(watch);
    await reading;
    if (peak) {
      const top: MemoryAnswer = peak;
      say(
        `the night's largest heap: RSS ${mb(top.rss)} MB, heap total ${mb(top.heapTotal)} MB, heap used ` +
          `${mb(top.heapUsed)} MB, external ${mb(top.external)} MB`,
      );
    }
    if (HEAP_PROFILE) {
      fs.mkdirSync(HEAP_PROFILE, { recursive: true });
      const file = path.join(HEAP_PROFILE, 'night.heapprofile');
      await heapProfileOf(app.child, { heapProfile: 'stop', file });
      say(`the night's allocations sampled: ${file}`);
    }
    nightMemory = [await memoryOf(app.child), await memoryOf(app.child, true)];
    // V8 keeps the heap it grew for the night's pace and gives it back as the app goes quiet (its memory
    // reducer): the RSS again after NIGHT_IDLE_S of no requests, as a server stands once the night is over.
    await new Promise((resolve) => setTimeout(resolve, NIGHT_IDLE_S * 1000));
    nightIdleMemory = [await memoryOf(app.child), await memoryOf(app.child, true)];
  }
  // Every match of the world: the demo's, the staged ones and the night's (ids are dense).
  const allMatchIds = Array.from(
    { length: Math.max(...matchIds, ...(night?.matchIds ?? [])) },
    (_, i) => i + 1,
  );
  const calls = await requestMix(agent, port, player, admin, allMatchIds);
  const unique = new Set(calls.map((c) => `${String(c.admin)} ${c.path}`)).size;
  console.log(
    `Memory: the app as \`npm start\` runs it (development, PGlite in a fresh folder, embedded game servers, ` +
      `request log to ${log.path}), up in ${startSeconds.toFixed(1)} s; staged ${SCENARIOS.join(', ')} ` +
      `(matches ${matchIds.join(', ')}); ${nightLine(night)}; rounds of ${String(calls.length)} requests (${String(unique)} ` +
      `distinct, over ${String(allMatchIds.length)} matches), ${String(CONCURRENCY)} at a time; ` +
      `${String(os.cpus().length)} cores, load average ${loadBefore}\n`,
  );

  const snapshot = async (name: string) => {
    if (!SNAPSHOTS) return;
    fs.mkdirSync(SNAPSHOTS, { recursive: true });
    const file = path.join(SNAPSHOTS, `${name}.heapsnapshot`);
    await new Promise((resolve) => {
      app.child.once('message', resolve);
      app.child.send({ snapshot: file } satisfies MemoryRequest);
    });
  };

  const warm = await round(agent, port, calls, player, admin);
  await snapshot('warm-up');
  const rows: string[][] = [];
  const rss: number[] = [];
  const collectedRss: number[] = [];
  const warmMemory = await memoryOf(app.child);
  const row = (label: string, m: MemoryAnswer, rate: string, after?: MemoryAnswer) => [
    label,
    mb(m.rss),
    mb(m.heapUsed),
    mb(m.heapTotal),
    mb(m.external),
    after ? mb(after.rss) : '',
    after ? mb(after.heapUsed) : '',
    rate,
  ];
  rows.push(
    row('started', idle, ''),
    row('staged', staged, ''),
    ...(nightMemory ? [row('night', nightMemory[0], '', nightMemory[1])] : []),
    ...(nightIdleMemory
      ? [row(`night + ${String(NIGHT_IDLE_S)} s idle`, nightIdleMemory[0], '', nightIdleMemory[1])]
      : []),
    row('warm-up', warmMemory, '', await memoryOf(app.child, true)),
  );
  let statuses = warm.statuses;
  for (let i = 1; i <= ROUNDS; i += 1) {
    const t0 = performance.now();
    statuses = (await round(agent, port, calls, player, admin)).statuses;
    const seconds = (performance.now() - t0) / 1000;
    const m = await memoryOf(app.child);
    const collected = await memoryOf(app.child, true);
    rss.push(m.rss);
    collectedRss.push(collected.rss);
    rows.push(row(String(i), m, (calls.length / seconds).toFixed(0), collected));
  }
  await snapshot(`round-${String(ROUNDS)}`);
  agent.destroy();
  app.child.disconnect();

  // The baseline: the same paths answered with the app's bodies, the same number of requests.
  const bare = startChild<{ port: number }>(
    new URL('./bare-server.ts', import.meta.url),
    Object.fromEntries(warm.answers),
    { profile: false },
  );
  const barePort = (await bare.ready).port;
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const bareRss: number[] = [];
  let bareLast: MemoryAnswer | null = null;
  for (let i = 0; i <= ROUNDS; i += 1) {
    await round(bareAgent, barePort, calls, {}, {});
    bareLast = await memoryOf(bare.child);
    if (i > 0) bareRss.push(bareLast.rss);
  }
  bareAgent.destroy();
  bare.child.disconnect();
  const loadAfter = loadAverage();

  console.log(
    table(
      [
        'round',
        'RSS MB',
        'heap used MB',
        'heap total MB',
        'external MB',
        'RSS after GC',
        'heap used after GC',
        'req/s',
      ],
      rows,
    ),
  );
  const app5 = flat(rss);
  const collected5 = flat(collectedRss);
  const bare5 = flat(bareRss);
  console.log(
    `\nStatuses of the last round: ${JSON.stringify(Object.fromEntries(statuses))}\n` +
      `App, judged after a full GC (what is kept, not garbage waiting for the next major GC): RSS after the ` +
      `last round ${mb(collectedRss.at(-1) ?? 0)} MB (goal < 400), the last five rounds within ` +
      `${(collected5.spread * 100).toFixed(1)} % (${collected5.flat ? 'flat' : 'NOT flat'}: 2 % allowed); as ` +
      `it stood before the GC ${mb(rss.at(-1) ?? 0)} MB, the last five within ${(app5.spread * 100).toFixed(1)} %\n` +
      `Bare Node server after the same ${String((ROUNDS + 1) * calls.length)} requests: RSS ` +
      `${mb(bareLast?.rss ?? 0)} MB, heap used ${mb(bareLast?.heapUsed ?? 0)} MB; last five within ` +
      `${(bare5.spread * 100).toFixed(1)} %\n` +
      (nightMemory
        ? `After the tournament night: RSS ${mb(nightMemory[0].rss)} MB, after GC ${mb(nightMemory[1].rss)} MB ` +
          `(goal < 400); after ${String(NIGHT_IDLE_S)} s idle ${mb(nightIdleMemory?.[0].rss ?? 0)} MB, after GC ` +
          `${mb(nightIdleMemory?.[1].rss ?? 0)} MB; after the ${String(ROUNDS)} rounds ${mb(collectedRss.at(-1) ?? 0)} MB; the bare server ` +
          `${mb(bareLast?.rss ?? 0)} MB\n`
        : '') +
      `App/bare RSS: ${((rss.at(-1) ?? 0) / (bareLast?.rss ?? 1)).toFixed(1)}\n` +
      `Load average before ${loadBefore}, after ${loadAfter}`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
