// Veto writes benchmark (docs/benchmarks.md): the real app (bench/api/app-server.ts, its own process, on
// embedded PGlite or DATABASE_URL) plays veto turns (`POST /api/v1/match/{id}/map/{mapId}`, each one
// committed transaction under its match's row lock) against a bare Node `http` server answering the same
// JSON (bench/api/bare-server.ts), in the same run. Prints figures and ratios; asserts nothing.
//
//   npx tsx bench/veto/run.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/veto/run.ts
//   BENCH_VETO_PARALLEL=32 BENCH_VETO_MATCHES=200 BENCH_VETO_RATE=100 BENCH_VETO_SECONDS=5 npx tsx bench/veto/run.ts
//
// Two runs:
// - saturated: BENCH_VETO_PARALLEL matches at once (each a separate row lock), each played from its first
//   to its last turn by its captains back to back, over BENCH_VETO_MATCHES staged matches: turns/s.
// - fixed rate: BENCH_VETO_RATE turns/s for BENCH_VETO_SECONDS whatever the answers take, spread over
//   the staged matches (a match's next turn is sent once its last one is answered): p50 / p99.
// Each BO1 veto is six turns; the sixth ends the veto and provisions a simulated game server. Before a
// run its matches are read once (`GET /api/v1/match/{id}`, untimed), as the captains' open rooms did.
import http from 'node:http';
import os from 'node:os';
import {
  loadAverage,
  send as sendOn,
  serverLogFile,
  signIn as signInOn,
  startChild,
} from '../lib/harness.ts';
import { percentile, table } from '../realtime/stats.ts';
import type { AppServerReady, StagedVetoMatches } from '../api/app-server.ts';
import type { BareServerBodies } from '../api/bare-server.ts';

const PARALLEL = Number(process.env.BENCH_VETO_PARALLEL ?? 32);
const MATCHES = Number(process.env.BENCH_VETO_MATCHES ?? 200);
const RATE = Number(process.env.BENCH_VETO_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_VETO_SECONDS ?? 5);
const TURNS = 6;

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

interface Run {
  turns: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

/** A turn: which match, which step (0-5); answers the HTTP status. */
type Turn = (matchId: number, step: number) => Promise<number>;

/** PARALLEL matches at once, each played through back to back. */
async function saturated(ids: number[], turn: Turn): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let cursor = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (cursor < ids.length) {
        const id = ids[cursor++] ?? 0;
        for (let step = 0; step < TURNS; step += 1) {
          const t0 = performance.now();
          const status = await turn(id, step).catch(() => 0);
          latencies.push(performance.now() - t0);
          if (status !== 200) errors += 1;
        }
      }
    }),
  );
  return { turns: latencies.length, seconds: (performance.now() - start) / 1000, latencies, errors };
}

/** RATE turns/s for SECONDS (open loop), each sent to a match whose previous turn is answered. */
async function fixedRate(ids: number[], turn: Turn): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let late = 0;
  const ready: { id: number; step: number }[] = ids.map((id) => ({ id, step: 0 }));
  const total = Math.min(RATE * SECONDS, ids.length * TURNS);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Every match is waiting for an answer: the server is behind; wait for one (counted as late).
    while (ready.length === 0) {
      late += 1;
      await new Promise((r) => setTimeout(r, 1));
    }
    const next = ready.shift() ?? { id: 0, step: 0 };
    const t0 = performance.now();
    pending.push(
      turn(next.id, next.step)
        .catch(() => 0)
        .then((status) => {
          latencies.push(performance.now() - t0);
          if (status !== 200) errors += 1;
          if (next.step + 1 < TURNS) ready.push({ id: next.id, step: next.step + 1 });
        }),
    );
  }
  await Promise.all(pending);
  if (late > 0) console.log(`  (fixed rate: ${String(late)} ms spent waiting for a free match)`);
  return { turns: latencies.length, seconds: (performance.now() - start) / 1000, latencies, errors };
}

const load = loadAverage;

async function main(): Promise<void> {
  // Its request log (as `npm start` writes it) goes to a file.
  const log = serverLogFile('veto');
  const appServer = startChild<AppServerReady>(new URL('../api/app-server.ts', import.meta.url), undefined, {
    stdout: log.fd,
  });
  const app = await appServer.ready;
  const matchJson = (await send(app.port, 'GET', `/api/v1/match/${String(app.readMatchId)}`)).body;
  const pool = (JSON.parse(matchJson) as { data: { maps: { id: number }[] } }).data.maps.map((m) => m.id);
  const vetoJson = JSON.stringify({ message: 'Backlot - selected successfully.' });
  const bodies: BareServerBodies = { get: matchJson, post: vetoJson, detail: matchJson };
  const bareServer = startChild<{ port: number }>(new URL('../api/bare-server.ts', import.meta.url), bodies);
  const barePort = (await bareServer.ready).port;
  const captains = { 1: await signIn(app.port, 'player1'), 2: await signIn(app.port, 'player6') };

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
  // The challenger's captain (player6's team) bans first, then they alternate.
  const appTurn: Turn = async (id, step) =>
    (
      await send(
        app.port,
        'POST',
        `/api/v1/match/${String(id)}/map/${String(pool[step] ?? 0)}`,
        captains[step % 2 === 0 ? 2 : 1],
      )
    ).status;
  const bareTurn: Turn = async (id, step) =>
    (await send(barePort, 'POST', `/api/v1/match/${String(id)}/map/${String(pool[step] ?? 0)}`, captains[1]))
      .status;

  console.log(
    `Veto writes on ${app.database}: ${String(PARALLEL)} matches at once over ${String(MATCHES)} staged ` +
      `matches (saturated), ${String(RATE)} turns/s for ${String(SECONDS)} s (fixed rate); ` +
      `${String(os.cpus().length)} cores, load average ${load()}\n`,
  );
  // Warm-up: JIT and the pools, on a few matches of its own.
  await saturated(await stage(Math.min(PARALLEL, 16)), appTurn);
  await saturated(
    Array.from({ length: 200 }, (_, i) => i + 1),
    bareTurn,
  );

  // Staged just before each run: the sweeper plays a turn whose 30 s have passed.
  const loadBefore = load();
  const appSat = await saturated(await stage(MATCHES), appTurn);
  const bareSat = await saturated(
    Array.from({ length: MATCHES }, (_, i) => i + 1),
    bareTurn,
  );
  const rateMatches = Math.ceil((RATE * SECONDS) / TURNS) + Math.ceil(RATE / 10);
  const appRate = await fixedRate(await stage(rateMatches), appTurn);
  const bareRate = await fixedRate(
    Array.from({ length: rateMatches }, (_, i) => i + 1),
    bareTurn,
  );

  const ms = (n: number) => n.toFixed(2);
  const row = (label: string, a: Run, b: Run) => [
    label,
    (a.turns / a.seconds).toFixed(0),
    (b.turns / b.seconds).toFixed(0),
    (a.turns / a.seconds / (b.turns / b.seconds)).toFixed(3),
    ms(percentile(a.latencies, 50)),
    ms(percentile(a.latencies, 99)),
    ms(percentile(b.latencies, 50)),
    ms(percentile(b.latencies, 99)),
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
        row(`veto turns, ${String(PARALLEL)} matches at once`, appSat, bareSat),
        row(`veto turns, ${String(RATE)} turns/s`, appRate, bareRate),
      ],
    ),
  );
  console.log(`\nload average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
  console.log(
    `(${String(appSat.turns + appRate.turns)} committed turns; the sixth of each match ends its veto and ` +
      'provisions a simulated game server)',
  );
  agent.destroy();
  appServer.child.disconnect();
  bareServer.child.disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
