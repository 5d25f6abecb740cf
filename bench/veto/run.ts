// Veto writes benchmark (docs/benchmarks.md): the real app (bench/api/app-server.ts, its own process, as
// `npm start` starts it, on embedded PGlite or DATABASE_URL) plays veto turns (`POST
// /api/v1/match/{id}/map/{mapId}`, each one committed transaction under its match's row lock) against a
// bare Node `http` server answering the same request with an answer of the same size (bench/veto/
// bare-server.ts), in the same run. Prints figures and ratios; asserts nothing.
//
//   npx tsx bench/veto/run.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/veto/run.ts   (a throw-away database)
//   BENCH_VETO_PARALLEL=32 BENCH_VETO_MATCHES=600 BENCH_VETO_MAX_SECONDS=10 BENCH_VETO_RATE=100 \
//     BENCH_VETO_SECONDS=5 BENCH_THREADS=2 npx tsx bench/veto/run.ts
//
// Two runs, each on the app and then on the bare server:
// - saturated, with wrk (bench/veto/veto-turns.lua, installed from Debian when missing): BENCH_VETO_PARALLEL
//   connections, each playing a match turn after turn (its next turn once the last one is answered) and
//   then a fresh one, over BENCH_VETO_MATCHES staged matches (at most BENCH_VETO_MAX_SECONDS): turns/s.
//   The bare server gets the same requests (the same paths, cookies and XSRF headers) for
//   BENCH_VETO_BARE_SECONDS; when it answers under BENCH_BARE_FLOOR (20,000) req/s the generator or the
//   machine was the limit and no ratio is printed.
// - fixed rate: BENCH_VETO_RATE turns/s for BENCH_VETO_SECONDS whatever the answers take (a Node client,
//   far from its own limit at that rate; a match's next turn is sent once its last one is answered), twice:
//   - vetoes at every step (the goal's row): each turn goes to the match answered last, a fresh match only
//     when none is waiting (as the wrk run plays them), so turns of every step are mixed and a sixth of
//     them end a veto, as on a platform with many vetoes under way;
//   - vetoes in step: every match starts in the first second and they go through their turns side by side,
//     so the last second's turns all end vetoes (100 veto ends in one second at 100 turns/s, six times the
//     mixed run's): the burst a whole round of a tournament starting at once would give.
//   p50 / p99, and by turn of the veto.
// Each BO1 veto is six turns; the sixth ends the veto and provisions a simulated game server. Before a
// run its matches are read once (`GET /api/v1/match/{id}`, untimed), as the captains' open rooms did.
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  cpuMicros,
  loadAverage,
  send as sendOn,
  serverLogFile,
  signIn as signInOn,
  startChild,
} from '../lib/harness.ts';
import { BARE_FLOOR, ensureWrk, limitNote, wrkReport } from '../lib/wrk.ts';
import { percentile, table } from '../realtime/stats.ts';
import type { AppServerReady, StagedVetoMatches } from '../api/app-server.ts';
import type { BareVetoBodies } from './bare-server.ts';

const PARALLEL = Number(process.env.BENCH_VETO_PARALLEL ?? 32);
const MATCHES = Number(process.env.BENCH_VETO_MATCHES ?? 600);
const MAX_SECONDS = Number(process.env.BENCH_VETO_MAX_SECONDS ?? 10);
const BARE_SECONDS = Number(process.env.BENCH_VETO_BARE_SECONDS ?? 5);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const RATE = Number(process.env.BENCH_VETO_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_VETO_SECONDS ?? 5);
const TURNS = 6;
const SCRIPT = fileURLToPath(new URL('./veto-turns.lua', import.meta.url));

// Idle connections are dropped before the server's KEEP_ALIVE_TIMEOUT_MS (5 s) closes them under a request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });

const send = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
) => sendOn(agent, port, method, path, headers, body);
const signIn = (port: number, username: string) => signInOn(agent, port, username);

/** The figures of one run: turns (answered 200) per second, latencies in ms, answers that were not 200. */
interface Run {
  turnsPerSecond: number;
  turns: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  /** Of `errors` (wrk runs): answers that were not 200, and requests unanswered after 5 s. */
  notOk?: number;
  timeouts?: number;
  /** The wrk run played every match it was given before its time was up (the app's saturated run ends so). */
  ranOut?: boolean;
  /** Fixed-rate runs: p50 / p99 of each turn of a veto (the sixth ends it and provisions a server). */
  byStep?: { p50: number; p99: number }[];
}

type Captains = Record<1 | 2, Record<string, string>>;

/**
 * wrk plays vetoes on `port`: the staged `matches`, or ids 1…`count` (the bare server). Turns per second
 * are counted over the time the turns took (from the first request to the last answer), which is the
 * run's time unless the matches ran out first.
 */
function wrkTurns(
  port: number,
  pool: number[],
  captains: Captains,
  options: { matches?: number[]; count?: number; seconds: number; connections?: number },
): Promise<Run> {
  const env = {
    ...process.env,
    VETO_MATCHES: options.matches?.join(',') ?? '',
    VETO_COUNT: String(options.count ?? 0),
    VETO_THREADS: String(THREADS),
    VETO_MAPS: pool.join(','),
    VETO_COOKIE_1: captains[1].cookie ?? '',
    VETO_XSRF_1: captains[1]['x-xsrf-token'] ?? '',
    VETO_COOKIE_2: captains[2].cookie ?? '',
    VETO_XSRF_2: captains[2]['x-xsrf-token'] ?? '',
  };
  const connections = Math.max(options.connections ?? PARALLEL, THREADS);
  const args = [
    `-t${String(THREADS)}`,
    `-c${String(connections)}`,
    `-d${String(options.seconds)}s`,
    '--timeout',
    '5s',
    '-s',
    SCRIPT,
    `http://127.0.0.1:${String(port)}/`,
  ];
  return wrkReport(args, env).then((r) => {
    const n = (k: string) => r[k] ?? 0;
    const seconds = n('activeMicros') / 1e6;
    return {
      turnsPerSecond: seconds > 0 ? n('turns') / seconds : 0,
      turns: n('turns'),
      seconds,
      p50: n('p50') / 1000,
      p99: n('p99') / 1000,
      errors: n('notOk') + n('connect') + n('read') + n('write') + n('timeout'),
      notOk: n('notOk'),
      timeouts: n('timeout'),
      ranOut: n('ranOut') > 0,
    };
  });
}

/** A turn: which match, which step (0-5); answers the HTTP status. */
type Turn = (matchId: number, step: number) => Promise<number>;

/**
 * RATE turns/s for SECONDS (open loop), each sent to a match whose previous turn is answered: in `step`
 * order the matches waiting longest first (all of them start at once and go through their turns side by
 * side), in `mixed` order the one answered last, a fresh match only when none is waiting.
 */
async function fixedRate(ids: number[], turn: Turn, order: 'mixed' | 'step'): Promise<Run> {
  const latencies: number[] = [];
  const byStep: number[][] = Array.from({ length: TURNS }, () => []);
  let errors = 0;
  let late = 0;
  const fresh: { id: number; step: number }[] = ids.map((id) => ({ id, step: 0 }));
  const going: { id: number; step: number }[] = [];
  const take = () => (order === 'mixed' ? (going.pop() ?? fresh.shift()) : (fresh.shift() ?? going.shift()));
  const total = Math.min(RATE * SECONDS, ids.length * TURNS);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Every match is waiting for an answer: the server is behind; wait for one (counted as late).
    let next = take();
    while (next === undefined) {
      late += 1;
      await new Promise((r) => setTimeout(r, 1));
      next = take();
    }
    const t0 = performance.now();
    pending.push(
      turn(next.id, next.step)
        .catch(() => 0)
        .then((status) => {
          latencies.push(performance.now() - t0);
          byStep[next.step]?.push(performance.now() - t0);
          if (status !== 200) errors += 1;
          if (next.step + 1 < TURNS) going.push({ id: next.id, step: next.step + 1 });
        }),
    );
  }
  await Promise.all(pending);
  if (late > 0) console.log(`  (fixed rate: ${String(late)} ms spent waiting for a free match)`);
  const seconds = (performance.now() - start) / 1000;
  return {
    turnsPerSecond: latencies.length / seconds,
    turns: latencies.length,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    byStep: byStep.map((l) => ({ p50: percentile(l, 50), p99: percentile(l, 99) })),
  };
}

async function main(): Promise<void> {
  ensureWrk();
  // Its request log (as `npm start` writes it) goes to a file.
  const log = serverLogFile('veto');
  const appServer = startChild<AppServerReady>(new URL('../api/app-server.ts', import.meta.url), undefined, {
    stdout: log.fd,
  });
  const app = await appServer.ready;
  const matchJson = (await send(app.port, 'GET', `/api/v1/match/${String(app.readMatchId)}`)).body;
  const pool = (JSON.parse(matchJson) as { data: { maps: { id: number }[] } }).data.maps.map((m) => m.id);
  // The challenger's captain (player6's team) bans first, then they alternate.
  const captains: Captains = { 1: await signIn(app.port, 'player6'), 2: await signIn(app.port, 'player1') };

  const stage = async (count: number): Promise<number[]> => {
    const staged = new Promise<StagedVetoMatches>((resolve) =>
      appServer.child.once('message', (m) => resolve(m as StagedVetoMatches)),
    );
    appServer.child.send({ stageVetoMatches: count });
    const ids = (await staged).vetoMatchIds;
    // The captains have the room open before they click: it read `GET /api/v1/match/{id}` (untimed).
    for (const id of ids) await send(app.port, 'GET', `/api/v1/match/${String(id)}`, captains[1]);
    return ids;
  };
  const turnOn =
    (port: number): Turn =>
    async (id, step) =>
      (
        await send(
          port,
          'POST',
          `/api/v1/match/${String(id)}/map/${String(pool[step] ?? 0)}`,
          captains[step % 2 === 0 ? 1 : 2],
        )
      ).status;

  // The bare server answers what the app answered to a turn in the middle of a veto (the same size).
  const [sample = 0] = await stage(1);
  await turnOn(app.port)(sample, 0);
  const answer = await send(
    app.port,
    'POST',
    `/api/v1/match/${String(sample)}/map/${String(pool[1] ?? 0)}`,
    captains[2],
  );
  if (answer.status !== 200) throw new Error(`a veto turn answered ${String(answer.status)}: ${answer.body}`);
  const idText = `"data":{"id":${String(sample)}`;
  const at = answer.body.indexOf(idText) + idText.length - String(sample).length;
  const bodies: BareVetoBodies = {
    before: answer.body.slice(0, at),
    after: answer.body.slice(at + String(sample).length),
  };
  const bareServer = startChild<{ port: number }>(new URL('./bare-server.ts', import.meta.url), bodies);
  const barePort = (await bareServer.ready).port;

  console.log(
    `Veto writes on ${app.database}: wrk ${String(THREADS)} threads, ${String(PARALLEL)} matches at once over ` +
      `${String(MATCHES)} staged matches (saturated, at most ${String(MAX_SECONDS)} s; bare ${String(BARE_SECONDS)} s), ` +
      `${String(RATE)} turns/s for ${String(SECONDS)} s (fixed rate); answer ${String(answer.body.length)} B; ` +
      `${String(os.cpus().length)} cores, bare floor ${BARE_FLOOR.toLocaleString('en')} req/s, ` +
      `load average ${loadAverage()}\n`,
  );
  // Warm-up: JIT, pools, caches, on a few matches of its own; the bare server for a second.
  await wrkTurns(app.port, pool, captains, { matches: await stage(PARALLEL * 2), seconds: MAX_SECONDS });
  await wrkTurns(barePort, pool, captains, { count: 1_000_000, seconds: 1 });

  // Staged just before each run: the sweeper plays a turn whose 30 s have passed.
  const loadBefore = loadAverage();
  const satMatches = await stage(MATCHES);
  const cpuBefore = cpuMicros(appServer.child.pid);
  const appSat = await wrkTurns(app.port, pool, captains, { matches: satMatches, seconds: MAX_SECONDS });
  const cpuAfter = cpuMicros(appServer.child.pid);
  const bareSat = await wrkTurns(barePort, pool, captains, { count: 10_000_000, seconds: BARE_SECONDS });
  const rateMatches = Math.ceil((RATE * SECONDS) / TURNS) + Math.ceil(RATE / 10);
  const bareIds = Array.from({ length: rateMatches }, (_, i) => i + 1);
  const appRate = await fixedRate(await stage(rateMatches), turnOn(app.port), 'mixed');
  const bareRate = await fixedRate(bareIds, turnOn(barePort), 'mixed');
  const appStep = await fixedRate(await stage(rateMatches), turnOn(app.port), 'step');
  const bareStep = await fixedRate(bareIds, turnOn(barePort), 'step');

  const ms = (n: number) => n.toFixed(2);
  const row = (label: string, a: Run, b: Run, saturatedRow: boolean) => [
    label,
    a.turnsPerSecond.toFixed(0),
    b.turnsPerSecond.toFixed(0),
    !saturatedRow
      ? '-'
      : b.turnsPerSecond < BARE_FLOOR
        ? 'n/a*'
        : (a.turnsPerSecond / b.turnsPerSecond).toFixed(3),
    ms(a.p50),
    ms(a.p99),
    ms(b.p50),
    ms(b.p99),
    String(a.errors),
  ];
  console.log(
    table(
      [
        '',
        'app turns/s',
        'bare req/s',
        'app/bare',
        'app p50 ms',
        'app p99 ms',
        'bare p50',
        'bare p99',
        'errors',
      ],
      [
        row(`veto turns, ${String(PARALLEL)} matches at once (wrk)`, appSat, bareSat, true),
        row(`veto turns, ${String(RATE)} turns/s, vetoes at every step`, appRate, bareRate, false),
        row(`veto turns, ${String(RATE)} turns/s, vetoes in step`, appStep, bareStep, false),
      ],
    ),
  );
  const steps = (r: Run) =>
    (r.byStep ?? []).map((x, i) => `${String(i + 1)}: ${ms(x.p50)} / ${ms(x.p99)}`).join(', ');
  console.log(`\nat ${String(RATE)} turns/s, p50 / p99 ms by turn of the veto:`);
  console.log(`  vetoes at every step: app ${steps(appRate)}`);
  console.log(`    bare ${steps(bareRate)}`);
  console.log(`  vetoes in step (the last second's turns all end a veto): app ${steps(appStep)}`);
  console.log(`    bare ${steps(bareStep)}`);
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${loadAverage()}`);
  console.log(
    `(saturated: ${String(appSat.turns)} turns in ${appSat.seconds.toFixed(2)} s` +
      `${appSat.ranOut ? ', every staged match played' : ''}; bare ${String(bareSat.turns)} in ` +
      `${bareSat.seconds.toFixed(2)} s; errors: ${String(appSat.notOk ?? 0)} answers not 200, ` +
      `${String(appSat.timeouts ?? 0)} unanswered after 5 s; ${String(appSat.turns + appRate.turns + appStep.turns)} turns answered 200; the sixth of ` +
      'each match ends its veto and provisions a simulated game server)',
  );
  if (cpuBefore !== null && cpuAfter !== null && appSat.turns > 0) {
    const cpu = (cpuAfter - cpuBefore) / 1e6;
    const perTurn = (cpu * 1000) / appSat.turns;
    console.log(
      `app process CPU in the saturated run: ${perTurn.toFixed(2)} ms a turn (user + system, ` +
        `${cpu.toFixed(2)} s over ${appSat.seconds.toFixed(2)} s: ` +
        `${((100 * cpu) / appSat.seconds).toFixed(0)} % of a core), ` +
        `i.e. at most ${(1000 / perTurn).toFixed(0)} turns/s on a core of its own` +
        `${app.database === 'PostgreSQL' ? " (PostgreSQL's own processes not counted)" : ''}`,
    );
  }
  if (bareSat.turnsPerSecond < BARE_FLOOR) console.log(limitNote());
  agent.destroy();
  appServer.child.disconnect();
  bareServer.child.disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
