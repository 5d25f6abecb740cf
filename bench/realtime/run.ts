// Realtime benchmark: the embedded Pusher-protocol service against a bare `ws` loop, same clients,
// same machine, same run. Prints figures; asserts nothing.
//
//   npx tsx bench/realtime/run.ts             (1,000, 5,000 and 10,000 clients)
//   BENCH_CLIENTS=1000,5000 BENCH_ROOM_SIZE=10 BENCH_ROUNDS=50 npx tsx bench/realtime/run.ts
//   (BENCH_VERBOSE=1 prints every throughput blast; see the constants below for the other knobs)
//
// Each server runs in its own child process (its own file-descriptor budget and memory figures);
// the clients run here, so on one machine both share its cores. Clients are split into match rooms of
// BENCH_ROOM_SIZE sockets, each room one channel. Latency is measured from publish to receipt, two ways:
// a steady stream of single-room events (what a player in a match sees while the server carries
// everyone), and rounds of one event to every room at once (time until the last client has it).
// Throughput: all-room rounds back to back, delivered frames per second (median of BENCH_REPEATS).
import { execSync, fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromServer, ToServer } from './protocol.ts';
import { percentile, table } from './stats.ts';
import { Swarm } from './swarm.ts';
import type { ServerKind } from './swarm.ts';

const CLIENTS = (process.env.BENCH_CLIENTS ?? '1000,5000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ROOM_SIZE = Number(process.env.BENCH_ROOM_SIZE ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const MIN_BLAST_FRAMES = Number(process.env.BENCH_MIN_BLAST_FRAMES ?? 300_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 10);
/** Single-room match events per second during the latency phase, and for how long. */
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 1000);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 3);
const WARMUP_ROUNDS = 5;
const FD_HEADROOM = 200;

interface Result {
  kind: ServerKind;
  clients: number;
  rssPerConn: number;
  heapPerConn: number;
  p50: number;
  p99: number;
  fanoutP99: number;
  rate: number;
  /** Server CPU microseconds per delivered frame: capacity, less sensitive to other load. */
  cpuPerFrame: number;
}

class ServerChild {
  private readonly child: ChildProcess;
  private pending: ((message: FromServer) => void)[] = [];

  constructor(kind: ServerKind) {
    const file = fileURLToPath(new URL(`./server-${kind}.ts`, import.meta.url));
    this.child = fork(file, {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: FromServer) => this.pending.shift()?.(message));
  }

  /** Sends a command (or none) and resolves with the child's next message. */
  ask(command: ToServer | null): Promise<FromServer> {
    return new Promise((resolve) => {
      this.pending.push(resolve);
      if (command) this.child.send(command);
    });
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies ToServer);
    await exited;
  }
}

async function measure(kind: ServerKind, clients: number): Promise<Result> {
  const server = new ServerChild(kind);
  const ready = await server.ask(null);
  if (ready.type !== 'ready') throw new Error('server did not start');
  const before = await server.ask({ type: 'memory' });
  const swarm = new Swarm(kind, ready.port, ROOM_SIZE);
  await swarm.connect(clients);
  const after = await server.ask({ type: 'memory' });
  if (before.type !== 'memory' || after.type !== 'memory') throw new Error('no memory figures');
  const rooms = Math.ceil(clients / ROOM_SIZE);

  const roomSizes = Array.from({ length: rooms }, (_, r) => Math.min(ROOM_SIZE, clients - r * ROOM_SIZE));

  // Warm-up rounds (JIT, buffers) are not recorded.
  for (let i = 0; i < WARMUP_ROUNDS; i++) {
    const target = swarm.received + clients;
    await server.ask({ type: 'round', rooms });
    await swarm.waitFor(target);
  }

  // Match events at a steady rate: the latency a player sees while the server carries everyone else.
  const events = EVENT_RATE * PACED_SECONDS;
  let expected = 0;
  for (let i = 0; i < events; i++) expected += roomSizes[i % rooms] ?? 0;
  swarm.latencies = [];
  swarm.recording = true;
  const pacedTarget = swarm.received + expected;
  await server.ask({ type: 'paced', rooms, events, perTick: EVENT_RATE / 100, tickMs: 10 });
  await swarm.waitFor(pacedTarget);
  const eventLatencies = swarm.latencies;

  // Every room at once: how long until the last of all clients has the event.
  swarm.latencies = [];
  for (let i = 0; i < FANOUT_ROUNDS; i++) {
    const target = swarm.received + clients;
    await server.ask({ type: 'round', rooms });
    await swarm.waitFor(target);
  }
  swarm.recording = false;
  const fanoutLatencies = swarm.latencies;

  // Several blasts of at least MIN_BLAST_FRAMES each; the median resists a noisy neighbour.
  const rounds = Math.max(ROUNDS, Math.ceil(MIN_BLAST_FRAMES / clients));
  const rates: number[] = [];
  const cpuPerFrame: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    const target = swarm.received + clients * rounds;
    const done = await server.ask({ type: 'blast', rooms, rounds });
    await swarm.waitFor(target);
    rates.push((clients * rounds) / ((performance.now() - start) / 1000));
    if (done.type === 'done') cpuPerFrame.push(done.cpuMicros / (clients * rounds));
    if (process.env.BENCH_VERBOSE) console.log(kind, clients, Math.round(rates.at(-1) ?? 0));
  }

  swarm.close();
  await server.stop();
  return {
    kind,
    clients,
    rssPerConn: (after.rss - before.rss) / clients,
    heapPerConn: (after.heapUsed + after.external - before.heapUsed - before.external) / clients,
    p50: percentile(eventLatencies, 50),
    p99: percentile(eventLatencies, 99),
    fanoutP99: percentile(fanoutLatencies, 99),
    rate: percentile(rates, 50),
    cpuPerFrame: percentile(cpuPerFrame, 50),
  };
}

function fdLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim()) || Infinity;
  } catch {
    return Infinity;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const limit = fdLimit();
  const runnable = CLIENTS.filter((n) => n + FD_HEADROOM <= limit);
  for (const n of CLIENTS.filter((c) => !runnable.includes(c))) {
    console.error(
      `Skipping ${n} clients: each process needs about ${n + FD_HEADROOM} file descriptors but ulimit -n is ${limit}. ` +
        `Raise it (ulimit -n ${n * 2 + FD_HEADROOM}) or set BENCH_CLIENTS.`,
    );
  }
  console.log(
    `Rooms of ${ROOM_SIZE} clients. Latency: ${EVENT_RATE} single-room events/s for ${PACED_SECONDS} s ` +
      `(event p50/p99), and ${FANOUT_ROUNDS} rounds of one event to every room (all-rooms p99, time to the ` +
      `last client). Throughput: median of ${REPEATS} blasts of all-room rounds back to back ` +
      `(at least ${ROUNDS} rounds and ${MIN_BLAST_FRAMES.toLocaleString('en-US')} frames each).`,
  );
  const rows: string[][] = [];
  for (const clients of runnable) {
    const bare = await measure('bare', clients);
    const realtime = await measure('realtime', clients);
    for (const r of [bare, realtime]) {
      rows.push([
        String(r.clients),
        r.kind,
        kb(r.rssPerConn),
        kb(r.heapPerConn),
        ms(r.p50),
        ms(r.p99),
        ms(r.fanoutP99),
        Math.round(r.rate).toLocaleString('en-US'),
        r.kind === 'bare' ? '1.00' : (r.rate / bare.rate).toFixed(2),
        r.kind === 'bare' ? '1.00' : (r.p99 / bare.p99).toFixed(2),
        `${r.cpuPerFrame.toFixed(2)} µs`,
        r.kind === 'bare' ? '1.00' : (bare.cpuPerFrame / r.cpuPerFrame).toFixed(2),
      ]);
    }
    console.log(`done: ${clients} clients`);
  }
  console.log(
    '\n' +
      table(
        [
          'clients',
          'server',
          'RSS/conn',
          'heap/conn',
          'event p50',
          'event p99',
          'all-rooms p99',
          'delivered msg/s',
          'rate vs bare',
          'p99 vs bare',
          'CPU/msg',
          'capacity vs bare',
        ],
        rows,
      ),
  );
  console.log(
    '\nTarget: rate vs bare >= 0.80 and realtime p99 < 100 ms at 10,000 clients.' +
      '\nCPU/msg is the server process’s CPU time per delivered frame; "capacity vs bare" is its inverse ratio,' +
      '\nwhich holds steadier than wall-clock rates when the clients (or other work) share the cores.',
  );
}

await main();
