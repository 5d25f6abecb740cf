// What the HTTP benchmarks share (bench/api, bench/veto, bench/large-world, bench/crowd): a keep-alive
// client, open-loop load at a fixed rate, the app-vs-bare alternation with its median run, the server child
// processes (tsx-loaded, optionally CPU-profiled), signing in as the web app does, and the load average.
import { fork } from 'node:child_process';
import type { ChildProcess, Serializable } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../realtime/stats.ts';

export interface Result {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One HTTP request to 127.0.0.1:`port` over `agent`; the whole body as text. */
export function send(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
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
    req.end(body);
  });
}

/** Open loop: `rate` requests per second for `seconds`, whatever the answers take. */
export async function atRate(
  next: () => Promise<number>,
  options: { rate: number; seconds: number },
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const total = options.rate * options.seconds;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / options.rate;
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

export function figures(r: Result): Figures {
  return {
    rps: r.requests / r.seconds,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    errors: r.errors,
  };
}

export const ms = (n: number) => n.toFixed(2);

/**
 * Runs the app and the bare server in turn, `repeats` times each, and keeps each one's median run (by
 * throughput, then p99): interleaving spreads whatever else the machine does over both.
 */
export async function inTurn<T extends { rps: number; p99?: number }>(
  app: () => Promise<T>,
  bare: () => Promise<T>,
  repeats: number,
): Promise<[T, T]> {
  const runs: [T[], T[]] = [[], []];
  for (let i = 0; i < repeats; i += 1) {
    runs[0].push(await app());
    runs[1].push(await bare());
  }
  const median = (list: T[]): T => {
    const middle = [...list].sort((a, b) => a.rps - b.rps || (a.p99 ?? 0) - (b.p99 ?? 0))[
      Math.floor(list.length / 2)
    ];
    if (!middle) throw new Error('no run to take the median of');
    return middle;
  };
  return [median(runs[0]), median(runs[1])];
}

/** `inTurn` over the open-loop client's results, as figures. */
export function alternating(
  app: () => Promise<Result>,
  bare: () => Promise<Result>,
  repeats: number,
): Promise<[Figures, Figures]> {
  return inTurn(
    async () => figures(await app()),
    async () => figures(await bare()),
    repeats,
  );
}

/** A table row: req/s of both, their ratio, both p50/p99, the app's errors. */
export function tableRow(label: string, app: Figures, bare: Figures): string[] {
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

/**
 * Forks a benchmark server (`file`, tsx-loaded) and resolves with its first IPC message; its MALLOC_MMAP_THRESHOLD_
 * is `npm start`'s 128 KB unless this process has one (the bare servers get the same). BENCH_PROFILE=dir
 * writes a CPU profile of the server process there (open it in Chrome DevTools) unless `profile` is false.
 */
export function startChild<T>(
  file: URL,
  message?: unknown,
  options: { profile?: boolean; stdout?: number } = {},
): { child: ChildProcess; ready: Promise<T> } {
  const profile = (options.profile ?? true) && process.env.BENCH_PROFILE;
  const child = fork(fileURLToPath(file), {
    execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
    // glibc's mmap threshold as `npm start` sets it (package.json), unless this run sets its own.
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' },
    // `stdout`: a file descriptor for the server's output (its request log), else this process's.
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${file.pathname} exited with ${String(code)}`)));
  });
  if (message !== undefined) child.send(message as Serializable);
  return { child, ready };
}

/** Signs `username` (demo password) in as the web app does; answers the cookie and XSRF headers. */
export async function signIn(
  agent: http.Agent,
  port: number,
  username: string,
): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (lines: string[]) => {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  });
  keep((await send(agent, port, 'GET', '/api/v1/health')).setCookie);
  const login = await send(
    agent,
    port,
    'POST',
    '/api/v1/auth/login',
    { ...headers(), 'content-type': 'application/json' },
    JSON.stringify({ username, password: 'password' }),
  );
  if (login.status !== 200) throw new Error(`sign-in as ${username}: ${String(login.status)} ${login.body}`);
  keep(login.setCookie);
  return headers();
}

/** The machine's load average (1, 5, 15 minutes), printed next to every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * A file for a server child's stdout (its request log, as `npm start` writes it), so the log is written as
 * a deployment writes it without flooding the benchmark's own output: pass it as `startChild`'s `stdout`.
 */
export function serverLogFile(name: string): { fd: number; path: string } {
  const file = path.join(os.tmpdir(), `versus-bench-${name}-${String(process.pid)}.log`);
  return { fd: fs.openSync(file, 'w'), path: file };
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system, µs) process `pid` has used so far, from /proc (Linux; null elsewhere). Per
 * request it says what the server spent on each answer, a figure a busy machine moves far less than req/s
 * (the other processes take turns on the cores, they do not make the server's work dearer).
 */
export function cpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields =
      fs
        .readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
