// Helpers for the match engine's API tests: the real app on a seeded database with a fake clock, a
// recording broadcaster, and signed-in clients. Not a test file itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoWorld } from '../../db/seed/index.ts';
import { TestClient } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';

export const T0 = Date.UTC(2030, 0, 1, 18, 0, 0);

/** A clock tests move by hand. */
export class FakeClock {
  constructor(public time = T0) {}
  readonly now = (): number => this.time;
  advance(ms: number): number {
    this.time += ms;
    return this.time;
  }
}

export interface Published {
  channel: string;
  event: string;
  payload: unknown;
}

export interface EngineTestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  published: Published[];
  /** Closes the app only (the database stays open for a restart). */
  closeApp(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_ENV = {
  NODE_ENV: 'test',
  APP_URL: 'http://localhost:3000',
  MATCH_SWEEP_INTERVAL_MS: '0',
  // The countdown ticker would query every 500 ms in every test; location.test.ts drives it by hand.
  LOCATION_COUNTDOWN_INTERVAL_MS: '0',
  SIMULATED_SERVER_STARTUP_MS: '0',
  GAME_SERVER_QUERY_TIMEOUT_MS: '300',
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: '100000',
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
};

/** The app on `database` (a fresh seeded one by default) with a fake clock and recorded broadcasts. */
export async function createEngineTestApp(
  options: { database?: Database; clock?: FakeClock; env?: Record<string, string> } = {},
): Promise<EngineTestApp> {
  const database = options.database ?? (await seededDatabase());
  const clock = options.clock ?? new FakeClock();
  // Uploads (scenario screenshots, avatars) go to a throw-away folder, never the repository's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-engine-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...options.env });
  const app = await buildApp({ config, db: database.db, now: clock.now });
  await app.ready();
  const published: Published[] = [];
  const real = app.matchEngine.broadcaster;
  app.matchEngine.broadcaster = {
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
    clock,
    published,
    closeApp,
    close: async () => {
      await closeApp();
      await database.close();
    },
  };
}

export async function seededDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  await seedDemoWorld(database.db, { appUrl: 'http://localhost:3000', now: new Date(T0) });
  return database;
}

/** A client signed in as `username` (demo password). */
export async function signIn(app: FastifyInstance, username: string): Promise<TestClient> {
  const client = new TestClient(
    app,
    `10.0.${String(username.length)}.${String(username.charCodeAt(username.length - 1))}`,
  );
  const res = await client.post('/api/v1/auth/login', { username, password: 'password' });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${String(res.status)}`);
  return client;
}

export async function teamIdOf(app: FastifyInstance, slug: string): Promise<number> {
  const { teams } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await app.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug));
  if (!row) throw new Error(`no team ${slug}`);
  return row.id;
}

export async function ladderId(app: FastifyInstance): Promise<number> {
  const { ladders } = await import('../../db/schema/index.ts');
  const [row] = await app.db.select({ id: ladders.id }).from(ladders).limit(1);
  if (!row) throw new Error('no ladder');
  return row.id;
}
