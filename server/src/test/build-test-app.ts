// The one way server tests build the application: the real app (`buildApp`) on a fresh database (the demo
// world seeded unless `seed: false`), a fake clock, uploads in a throw-away folder, every broadcast recorded,
// and browser-like clients. Runs on PGlite, or on PostgreSQL in the "server-postgres" project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoWorld } from '../db/seed/index.ts';
import { FakeClock, T0 } from './clock.ts';
import { TestClient } from './client.ts';
import { createTestDatabase } from './database.ts';

export interface Published {
  channel: string;
  event: string;
  payload: unknown;
}

/** Settings every test app gets: no background loops (tests drive the sweeper), no request limits but chat's. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  APP_URL: 'http://localhost:3000',
  MATCH_SWEEP_INTERVAL_MS: '0',
  STUCK_MATCH_CHECK_INTERVAL_MS: '0',
  // The countdown ticker would query every 500 ms in every test; location.test.ts drives it by hand.
  LOCATION_COUNTDOWN_INTERVAL_MS: '0',
  SIMULATED_SERVER_STARTUP_MS: '0',
  // Many tests write rows directly and read a page right after; page-cache.test.ts turns the cache on.
  PAGE_CACHE_TTL_MS: '0',
  GAME_SERVER_QUERY_TIMEOUT_MS: '300',
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: '100000',
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  // Every request limit but chat's (chat.test.ts checks the default) out of the way; tests that check one set it.
  RATE_LIMIT_REGISTER: '100000/60',
  RATE_LIMIT_UPLOAD: '100000/60',
  RATE_LIMIT_HEARTBEAT: '100000/60',
  RATE_LIMIT_TEAM_CREATE: '100000/60',
  RATE_LIMIT_INVITATION: '100000/60',
  RATE_LIMIT_TOKEN_RENEWAL: '100000/60',
  RATE_LIMIT_PASSWORD_RESET: '100000/60',
  RATE_LIMIT_API_TOKEN: '100000/60',
};

export interface TestAppOptions {
  /** Reuse a database (a restart); by default a fresh one, seeded unless `seed` is false. */
  database?: Database;
  seed?: boolean;
  /** The match engine's clock: a fake one by default (starting at T0); 'real' for wall-clock tests. */
  clock?: FakeClock | 'real';
  /** Overrides of `TEST_ENV` and any other setting. */
  env?: Record<string, string>;
  /** The app's logger (none by default); a test that reads log lines passes a stream. */
  logger?: BuildAppOptions['logger'];
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The fake clock (absent with `clock: 'real'`). */
  clock: FakeClock;
  /** Every broadcast of the match engine, in order. */
  published: Published[];
  /** Where uploads go (removed on close). */
  dataDir: string;
  /** A signed-out browser-like client. */
  client: (ip?: string) => TestClient;
  /** A client signed in as `username` (demo password `password`). */
  signIn: (username: string) => Promise<TestClient>;
  /** Closes the app only (the database stays open for a restart). */
  closeApp: () => Promise<void>;
  close: () => Promise<void>;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock === 'real' ? null : (options.clock ?? new FakeClock());
  const database =
    options.database ?? (await freshDatabase(options.seed ?? true, clock ? clock.time : Date.now()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-test-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...options.env });
  const app = await buildApp({
    config,
    db: database.db,
    poolUse: () => database.poolUse(),
    ...(clock ? { now: clock.now } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  const published: Published[] = [];
  const real = app.ctx.broadcaster;
  app.ctx.broadcaster = {
    publish: async (channels, event, payload, opts) => {
      for (const channel of typeof channels === 'string' ? [channels] : channels) {
        published.push({ channel, event, payload });
      }
      await real.publish(channels, event, payload, opts);
    },
  };
  let appClosed = false;
  const closeApp = async () => {
    if (appClosed) return;
    appClosed = true;
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    app,
    database,
    config,
    clock: clock ?? new FakeClock(Date.now()),
    published,
    dataDir,
    client: (ip) => new TestClient(app, ip),
    signIn: (username) => signIn(app, username),
    closeApp,
    close: async () => {
      await closeApp();
      await database.close();
    },
  };
}

/** A fresh migrated database, with the demo world (as of `at`, T0 by default) when `seed`. */
export async function freshDatabase(seed = true, at = T0): Promise<Database> {
  const database = await createTestDatabase();
  if (seed) await seedDemoWorld(database.db, { appUrl: 'http://localhost:3000', now: new Date(at) });
  return database;
}

/** A client signed in as `username` (demo password), from an address of its own. */
export async function signIn(app: FastifyInstance, username: string): Promise<TestClient> {
  const client = new TestClient(
    app,
    `10.0.${String(username.length)}.${String(username.charCodeAt(username.length - 1))}`,
  );
  const res = await client.post('/api/v1/auth/login', { username, password: 'password' });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${String(res.status)}`);
  return client;
}
