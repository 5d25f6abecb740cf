// Child process of bench/large-world/run.ts: the real app as `npm start` runs it (production mode, the
// sweeper on, request logging off unless BENCH_LOG_LEVEL says otherwise) on the large world that
// `npm run seed:large` built in the PostgreSQL database named by DATABASE_URL. Applies the committed
// migrations first (so a world seeded before a new index gets it), then reports `{port}` on the IPC channel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';

// Files the app writes (its generated game-server key) go to a throw-away folder, never the checkout.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-large-world-'));

export interface LargeWorldAppReady {
  port: number;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must name the database `npm run seed:large` built');
  const database = await openDatabase({ databaseUrl, dataDir: 'memory' });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_URL: 'http://localhost:3000',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUSHER_APP_ID: 'bench',
    PUSHER_KEY: 'bench-key',
    PUSHER_SECRET: 'bench-secret',
    LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    // PAGE_CACHE_TTL_MS=0 measures the team, ladder, tournament, profile and Active games pages read every time.
    ...(process.env.PAGE_CACHE_TTL_MS ? { PAGE_CACHE_TTL_MS: process.env.PAGE_CACHE_TTL_MS } : {}),
  });
  const level = process.env.BENCH_LOG_LEVEL;
  const app = await buildApp({ config, db: database.db, logger: level ? { level } : false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: LargeWorldAppReady = { port: (app.server.address() as AddressInfo).port };
  process.send?.(ready);
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
