// Used by .ci/run: checks that PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) answer, and gives
// the run a fresh schema. Exits non-zero with a readable message instead of letting tests skip.
import pg from 'pg';
import { Redis } from 'ioredis';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

function fail(message) {
  console.error(`\nCI services check failed: ${message}\n`);
  process.exit(1);
}

if (!databaseUrl) fail('DATABASE_URL is not set.');
if (!redisUrl) fail('REDIS_URL is not set.');

const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
} catch (error) {
  fail(`PostgreSQL at ${databaseUrl} does not answer (${error.message}). Start it and retry.`);
}
await client.query('DROP SCHEMA IF EXISTS public CASCADE');
await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
await client.query('CREATE SCHEMA public');
// Throw-away databases of test runs that were killed before their cleanup. Only those nobody is connected
// to: another checkout's test run on the same machine may be using its own right now.
const { rows } = await client.query(
  `SELECT datname FROM pg_database d WHERE datname LIKE 'versus_test_%'
     AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`,
);
for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => undefined);
await client.end();
console.log(`PostgreSQL OK (${databaseUrl}), fresh schema; dropped ${rows.length} stale test databases`);

const redis = new Redis(redisUrl, {
  lazyConnect: true,
  connectTimeout: 5000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
try {
  await redis.connect();
  await redis.ping();
} catch (error) {
  fail(`Redis at ${redisUrl} does not answer (${error.message}). Start it and retry.`);
}
redis.disconnect();
console.log(`Redis OK (${redisUrl})`);
