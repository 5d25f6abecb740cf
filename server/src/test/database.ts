import crypto from 'node:crypto';
import pg from 'pg';
import { pgliteTemplateTarball } from '../../../scripts/pglite-template.mjs';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file. `TEST_DB=postgres` (the "server-postgres" Vitest
 * project) creates a throw-away database on the server named by DATABASE_URL, because drizzle-kit's
 * migrations name the `public` schema and so cannot be isolated by search_path; otherwise an
 * in-memory PGlite loaded from the migrated template (scripts/pglite-template.mjs: an initdb and every
 * migration per test file cost seconds each), migrated again in case (a no-op when it is current).
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const loadDataDir = await pgliteTemplateTarball();
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory', loadDataDir });
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `versus_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
