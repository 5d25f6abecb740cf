// API benchmark: the real app (`buildApp`, embedded PGlite or DATABASE_URL) against a bare Node `http`
// server returning the same JSON, in the same run on the same machine. Prints figures; asserts nothing.
//
//   npx tsx bench/api/run.ts
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=32 BENCH_RATE=500 npx tsx bench/api/run.ts
//
// Scenarios: `GET /api/v1/match/{id}` at full speed (requests/s, p50, p99) and at a fixed rate
// (BENCH_RATE requests/s: p99 under load); a veto turn (`POST /api/v1/match/{id}/map/{mapId}`), played
// by both captains over many staged matches (each request is one committed turn under the row lock).
// The load generator is a small keep-alive client on `http.Agent`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { seedDemoWorld } from '../../server/src/db/seed/index.ts';
import { stageScenario } from '../../server/src/modules/dev/scenarios.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const VETO_MATCHES = Number(process.env.BENCH_VETO_MATCHES ?? 100);

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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Closed loop: CONNECTIONS workers send back to back for SECONDS. */
async function saturate(next: () => Promise<number>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
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

function row(label: string, r: Result): string {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const rps = r.requests / r.seconds;
  return `${label.padEnd(44)} ${rps.toFixed(0).padStart(8)} req/s   p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms   errors ${String(r.errors)}`;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
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
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const database = await openDatabase({ databaseUrl, dataDir: 'memory' });
  await database.migrate();
  await seedDemoWorld(database.db, { appUrl: 'http://localhost:3000' });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    MATCH_SWEEP_INTERVAL_MS: '0',
    LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as AddressInfo).port;

  const { matchId } = await stageScenario(app.matchEngine, 'ladder-veto-bo3');
  const matchJson = (await send(appPort, 'GET', `/api/v1/match/${String(matchId)}`)).body;
  const vetoJson = JSON.stringify({ message: 'Backlot - selected successfully.' });
  const bare = http.createServer((req, res) => {
    const body = req.method === 'GET' ? matchJson : vetoJson;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  const barePort = await listen(bare);

  console.log(
    `API benchmark on ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}: ${String(SECONDS)} s per run, ${String(CONNECTIONS)} connections, match answer ${String(matchJson.length)} bytes\n`,
  );
  const read = `/api/v1/match/${String(matchId)}`;
  const appRead = await saturate(async () => (await send(appPort, 'GET', read)).status);
  const bareRead = await saturate(async () => (await send(barePort, 'GET', read)).status);
  console.log(row('GET /api/v1/match/{id}  app', appRead));
  console.log(row('GET /api/v1/match/{id}  bare http', bareRead));
  console.log(
    `  read throughput, app / bare: ${(appRead.requests / appRead.seconds / (bareRead.requests / bareRead.seconds)).toFixed(2)}`,
  );
  console.log(
    row(
      `GET /api/v1/match/{id}  app at ${String(RATE)} req/s`,
      await atRate(async () => (await send(appPort, 'GET', read)).status),
    ),
  );
  console.log(
    row(
      `GET /api/v1/match/{id}  bare at ${String(RATE)} req/s`,
      await atRate(async () => (await send(barePort, 'GET', read)).status),
    ),
  );

  // Veto turns: many BO1 matches, each worker plays its matches' six bans, alternating captains.
  const matchIds: number[] = [];
  for (let i = 0; i < VETO_MATCHES; i += 1)
    matchIds.push((await stageScenario(app.matchEngine, 'ladder-veto')).matchId);
  const captains = { 1: await signIn(appPort, 'player1'), 2: await signIn(appPort, 'player6') };
  const mapIds = JSON.parse(matchJson) as { data: { maps: { id: number }[] } };
  const pool = mapIds.data.maps.map((m) => m.id);
  const queue = matchIds.flatMap((id) => [0, 1, 2, 3, 4, 5].map((step) => ({ id, step })));
  const latencies: number[] = [];
  let errors = 0;
  const perMatch = new Map<number, Promise<void>>();
  const start = performance.now();
  // One chain per match (turns of one match are sequential by nature), CONNECTIONS chains at a time.
  let cursor = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (cursor < matchIds.length) {
        const id = matchIds[cursor++] ?? 0;
        for (const { step } of queue.filter((q) => q.id === id)) {
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
  void perMatch;
  const vetoRun: Result = {
    requests: latencies.length,
    seconds: (performance.now() - start) / 1000,
    latencies,
    errors,
  };
  const bareVeto = await saturate(async () => (await send(barePort, 'POST', '/api/v1/match/1/map/1')).status);
  console.log(row('POST /api/v1/match/{id}/map/{mapId}  app', vetoRun));
  console.log(row('POST /api/v1/match/{id}/map/{mapId}  bare http', bareVeto));
  console.log(
    `  (${String(vetoRun.requests)} committed turns over ${String(VETO_MATCHES)} matches; the last turn of each ends the veto and provisions a simulated game server)`,
  );

  agent.destroy();
  bare.close();
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
