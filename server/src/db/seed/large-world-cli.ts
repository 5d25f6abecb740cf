// `npm run seed:large`: builds the large world on the PostgreSQL database named by DATABASE_URL (which must
// be an empty database of its own, never the test suite's): migrations, the demo world, then the bulk in
// SQL (large-world.ts), then the tournament's bracket through the app's own code. Sizes: full by default;
// `--scale=0.01` (or LARGE_SCALE) for a small try, and `--users=`, `--teams=`, `--matches=`,
// `--notifications=`, `--ladders=`, `--active-matches=`, `--tournament-teams=` (or LARGE_USERS, ...) to set one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { startDueTournaments } from '../../modules/tournaments/index.ts';
import { openDatabase } from '../client.ts';
import { seedDemoWorld } from './index.ts';
import { buildLargeWorld, sizesAt } from './large-world.ts';
import type { LargeWorldSizes } from './large-world.ts';

// Files the app writes (its generated game-server key) go to a throw-away folder, never the checkout.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-large-world-'));

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('seed:large runs on PostgreSQL: set DATABASE_URL to an empty database of its own.');
  process.exit(1);
}
if (process.env.NODE_ENV === 'production') {
  console.error('Refusing to seed accounts with the password "password" with NODE_ENV=production.');
  process.exit(1);
}

function option(name: string): string | undefined {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (flag) return flag.slice(name.length + 3);
  return process.env[`LARGE_${name.toUpperCase().replaceAll('-', '_')}`];
}

const keys: Array<[string, keyof LargeWorldSizes]> = [
  ['users', 'users'],
  ['teams', 'teams'],
  ['matches', 'matches'],
  ['notifications', 'notifications'],
  ['ladders', 'ladders'],
  ['active-matches', 'activeMatches'],
  ['tournament-teams', 'tournamentTeams'],
];
const overrides: Partial<LargeWorldSizes> = {};
for (const [name, key] of keys) {
  const value = option(name);
  if (value !== undefined) overrides[key] = Number(value);
}
const sizes = sizesAt(Number(option('scale') ?? 1), overrides);
const log = (line: string) => console.log(line);
const t0 = performance.now();
log(`Large world on ${new URL(databaseUrl).pathname.slice(1)}: ${JSON.stringify(sizes)}`);

const database = await openDatabase({ databaseUrl, dataDir: 'memory' });
try {
  await database.migrate();
  await seedDemoWorld(database.db, { appUrl: 'http://localhost:3000' });
  log(`  migrations and the demo world: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let report;
  try {
    report = await buildLargeWorld(client, sizes, log);
  } finally {
    await client.end();
  }
  // The bracket, as the sweeper would generate it when the tournament's start comes.
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      MATCH_SWEEP_INTERVAL_MS: '0',
      PUSHER_APP_ID: 'seed',
      PUSHER_KEY: 'seed-key',
      PUSHER_SECRET: 'seed-secret',
    }),
    db: database.db,
  });
  await app.ready();
  const started = await startDueTournaments(app.ctx, Date.now());
  await app.close();
  log(`  tournament ${report.tournamentSlug}: ${started === 1 ? 'bracket generated' : 'NOT started'}`);
  for (const [table, n] of Object.entries(report.rows))
    log(`  ${table.padEnd(18)} ${n.toLocaleString('en')}`);
  log(
    `Large world built in ${((performance.now() - t0) / 1000).toFixed(0)} s. Sign in as u1 … u${String(sizes.users)} ` +
      '(password "password"); u1 … u' +
      `${String(sizes.heavyUsers)} have ${String(sizes.heavyNotifications)} notifications each.`,
  );
} finally {
  await database.close();
}
