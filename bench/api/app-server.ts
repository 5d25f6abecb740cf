// Child process of bench/api/run.ts and bench/veto/run.ts: the real app as `npm start` runs it (the sweeper
// and the location countdown on, PGlite stored on disk, or a throw-away database on DATABASE_URL), with the
// demo world and the read benchmark's match staged before it listens. Reports on the IPC channel: `{port,
// readMatchId}`; on `{stageVetoMatches: n}` stages n fresh matches in the veto (just before that phase; their
// ladder gives a turn over eight hours, so the sweeper plays none of them meanwhile) and answers `{vetoMatchIds}`.
// HEAP_GROWING_PERCENT as the server applies it at start (server/src/heap-growth.ts).
// BENCH_MODE: `development` (the default, `npm start` as it comes) or `production` (NODE_ENV=production).
// Request logging as `npm start` has it (`info` on stdout) unless BENCH_LOG_LEVEL says otherwise (`off`:
// none).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { applyHeapGrowing } from '../../server/src/heap-growth.ts';
import { serverLog } from '../../server/src/logging.ts';
import type { Database } from '../../server/src/db/client.ts';
import { ladders } from '../../server/src/db/schema/index.ts';
import { seedDemoWorld } from '../../server/src/db/seed/index.ts';
import { stageScenario } from '../../server/src/modules/dev/index.ts';
import { createTestDatabase } from '../../server/src/test/database.ts';

export interface AppServerReady {
  port: number;
  mode: 'development' | 'production';
  database: 'PGlite (embedded, on disk)' | 'PostgreSQL';
  readMatchId: number;
}

export interface StagedVetoMatches {
  vetoMatchIds: number[];
}

async function open(dataDir: string): Promise<Database> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DB = 'postgres';
    return createTestDatabase(); // a database of its own, dropped on close
  }
  // PGLITE_SHARED_BUFFERS as the server reads it (unset: the default), to compare buffer cache sizes.
  const database = await openDatabase({
    databaseUrl: null,
    dataDir,
    sharedBuffers: process.env.PGLITE_SHARED_BUFFERS,
  });
  await database.migrate();
  return database;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-bench-'));
  const database = await open(dataDir);
  await seedDemoWorld(database.db, { appUrl: 'http://localhost:3000' });
  const mode = process.env.BENCH_MODE === 'production' ? 'production' : 'development';
  // The process's own NODE_ENV too, as `npm run start:prod` sets it: the request log's format (JSON in
  // production) and any library that looks at it follow it, not only the app's config.
  if (mode === 'production') process.env.NODE_ENV = 'production';
  const config = loadConfig({
    NODE_ENV: mode,
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    PUSHER_APP_ID: 'bench',
    PUSHER_KEY: 'bench-key',
    PUSHER_SECRET: 'bench-secret',
    // The veto benchmark provisions a server per match: the simulated one (the pool has its own benchmark).
    GAME_SERVER_PROVIDER: 'simulated',
    SIMULATED_SERVER_STARTUP_MS: '0',
    LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    // To measure without the read cache: MATCH_READ_CACHE_TTL_MS=0.
    ...(process.env.MATCH_READ_CACHE_TTL_MS
      ? { MATCH_READ_CACHE_TTL_MS: process.env.MATCH_READ_CACHE_TTL_MS }
      : {}),
    // To measure the notifications page without its cache: NOTIFICATION_CACHE_TTL_MS=0.
    ...(process.env.NOTIFICATION_CACHE_TTL_MS
      ? { NOTIFICATION_CACHE_TTL_MS: process.env.NOTIFICATION_CACHE_TTL_MS }
      : {}),
    // To measure every read through the routes (no hot reads, plugins/hot-reads.ts): HOT_READS=0.
    ...(process.env.HOT_READS ? { HOT_READS: process.env.HOT_READS } : {}),
    // The heap's growth as the server sets it at start (unset: its default; 0: V8's own rule).
    ...(process.env.HEAP_GROWING_PERCENT ? { HEAP_GROWING_PERCENT: process.env.HEAP_GROWING_PERCENT } : {}),
  });
  applyHeapGrowing(config.heapGrowingPercent);
  const level = process.env.BENCH_LOG_LEVEL ?? 'info';
  // The log as `npm start` writes it (server/src/logging.ts), on this process's stdout.
  const log = serverLog(level);
  const app = await buildApp({ config, db: database.db, logger: level === 'off' ? false : log.options });
  await app.ready();
  // 30,000 s a veto turn (over eight hours; the column is a smallint), set before anything is staged: the
  // sweeper plays none of the staged turns while the benchmarks run (the default 30 s let it play the read
  // benchmark's match on, turn after turn, to in progress, so an `If-None-Match` taken at the start went
  // stale), and staging hundreds of matches on a busy machine cannot outlast a turn either.
  await database.db.update(ladders).set({ vetoTurnSeconds: 30_000 });
  const { matchId: readMatchId } = await stageScenario(app.ctx, 'ladder-veto-bo3');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: AppServerReady = {
    mode,
    port: (app.server.address() as AddressInfo).port,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, on disk)',
    readMatchId,
  };
  process.on('message', (message: { stageVetoMatches?: number }) => {
    const count = message.stageVetoMatches ?? 0;
    void (async () => {
      const vetoMatchIds: number[] = [];
      for (let i = 0; i < count; i += 1)
        vetoMatchIds.push((await stageScenario(app.ctx, 'ladder-veto')).matchId);
      const staged: StagedVetoMatches = { vetoMatchIds };
      process.send?.(staged);
    })();
  });
  process.send?.(ready);
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        log.flush();
        process.exit(0);
      });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
