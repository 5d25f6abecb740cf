// Child process of bench/crowd/run.ts: the real app as `npm start` runs it (production mode, PGlite on disk
// or a throw-away database on DATABASE_URL), with the demo world, one match in progress and `viewers`
// signed-in spectators: users and sessions inserted in bulk (a session row per viewer, as a login makes
// it; the cookie carries the token whose hash is the row's id). WS_MAX_CONNECTIONS_PER_ADDRESS is raised
// here, for this process only, since every viewer connects from 127.0.0.1. Reports on the IPC channel.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import type { Database } from '../../server/src/db/client.ts';
import { matches, sessions, users } from '../../server/src/db/schema/index.ts';
import { seedDemoWorld } from '../../server/src/db/seed/index.ts';
import { sessionIdFromToken } from '../../server/src/modules/auth/index.ts';
import { stageScenario } from '../../server/src/modules/dev/index.ts';
import { createTestDatabase } from '../../server/src/test/database.ts';
import { SENT_HEADER, wallClock } from './timing.ts';

export interface CrowdServerReady {
  port: number;
  database: 'PGlite (embedded, on disk)' | 'PostgreSQL';
  appKey: string;
  matchId: number;
  /** Session cookie tokens: one per viewer. */
  viewerTokens: string[];
  /** The challenger captain's, who enters the score (the status change). */
  captainToken: string;
}

/** A cookie token as a sign-in makes one (its hash is the session row's id). */
const newSessionToken = () => crypto.randomBytes(32).toString('base64url');

async function open(dataDir: string): Promise<Database> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DB = 'postgres';
    return createTestDatabase(); // a database of its own, dropped on close
  }
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  return database;
}

process.once('message', (message: { viewers: number }) => {
  main(message.viewers).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

async function main(viewers: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-crowd-'));
  const database = await open(dataDir);
  await seedDemoWorld(database.db, { appUrl: 'http://localhost:3000' });
  const appKey = 'bench-key';
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    PUSHER_APP_ID: 'bench',
    PUSHER_KEY: appKey,
    PUSHER_SECRET: 'bench-secret',
    GAME_SERVER_PROVIDER: 'simulated',
    SIMULATED_SERVER_STARTUP_MS: '0',
    // Every viewer connects from 127.0.0.1 (the default allows 50 sockets per address).
    WS_MAX_CONNECTIONS_PER_ADDRESS: String(viewers + 100),
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  // The server's side of each timed refetch (run.ts): from its send (the request's SENT_HEADER, the sender's
  // wall clock) until this process had written the answer ('finish'), read on the IPC channel.
  const serverLatencies: number[] = [];
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const sent = req.headers[SENT_HEADER];
    if (typeof sent !== 'string') return;
    res.once('finish', () => serverLatencies.push(wallClock() - Number(sent)));
  });
  process.on('message', (m: { serverLatencies?: boolean }) => {
    if (m.serverLatencies) process.send?.({ serverLatencies });
  });
  const { matchId } = await stageScenario(app.ctx, 'in-progress');
  const [match] = await database.db
    .select({ captainId: matches.challengerCaptainId })
    .from(matches)
    .where(eq(matches.id, matchId));
  const [model] = await database.db.select().from(users).limit(1);
  if (!match?.captainId || !model) throw new Error('the staged match has no challenger captain');

  // Viewers in bulk: users like the demo ones, one session each.
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  const viewerTokens: string[] = [];
  for (let start = 0; start < viewers; start += 500) {
    const count = Math.min(500, viewers - start);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `viewer${String(start + i)}`,
          email: `viewer${String(start + i)}@example.com`,
          passwordHash: model.passwordHash,
        })),
      )
      .returning({ id: users.id });
    const tokens = rows.map(() => newSessionToken());
    await database.db
      .insert(sessions)
      .values(rows.map((r, i) => ({ id: sessionIdFromToken(tokens[i] ?? ''), userId: r.id, expiresAt })));
    viewerTokens.push(...tokens);
  }
  const captainToken = newSessionToken();
  await database.db
    .insert(sessions)
    .values({ id: sessionIdFromToken(captainToken), userId: match.captainId, expiresAt });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: CrowdServerReady = {
    port: (app.server.address() as AddressInfo).port,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, on disk)',
    appKey,
    matchId,
    viewerTokens,
    captainToken,
  };
  process.send?.(ready);
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}
