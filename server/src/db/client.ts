import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PGLITE_SHARED_BUFFERS } from '../config.ts';
import { withPreparedStatements } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

/** Drizzle database over either back end; services and repositories only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A row's id for a page's reads: the number, or a scalar subquery that finds it (`(select id from … where
 * slug = …)`), so a page's reads need not wait for the row itself and all go out at once.
 */
export type IdRef = number | SQL;

/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * The connection pool's use (PostgreSQL). PGlite has no pool: one connection that runs one query at a
   * time, so it reports none.
   */
  poolUse(): PoolUse | null;
  /**
   * PGlite only (null on PostgreSQL): a tarball of the data folder taken between two queries, for a backup
   * while the server runs (`server/src/backup/`).
   */
  dumpDataDir: (() => Promise<Uint8Array>) | null;
  close(): Promise<void>;
}

/** pg's Pool counters: connections open, of them idle, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Two instances starting at once must not both run the migrations.
const MIGRATION_LOCK_ID = 7_245_001;

/** Opens PostgreSQL when `databaseUrl` is given, else embedded PGlite stored in `dataDir` (or memory). */
export async function openDatabase(options: {
  databaseUrl: string | null;
  /** A folder, or the literal 'memory' for a throw-away in-memory database. */
  dataDir: string;
  /** For 'memory': a tarball of a data folder (PGlite's `dumpDataDir`) to start from instead of initdb. */
  loadDataDir?: Uint8Array;
  /** PGlite's buffer cache (`PGLITE_SHARED_BUFFERS`); the default when not given. */
  sharedBuffers?: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir, options.sharedBuffers);
}

/**
 * The database inside the embedded cluster that holds Versus's tables: `template1`, where PGlite 0.3 (the
 * version before 0.4) always connected. PGlite 0.4 connects to `postgres` unless told otherwise, so a data
 * folder made by an earlier `npm start` would open looking empty, be seeded anew, and hide its data.
 */
export const PGLITE_DATABASE = 'template1';

/** PGlite's start parameters, with its buffer cache (`PGLITE_SHARED_BUFFERS` in config.ts). */
export const pgliteStartParams = (sharedBuffers = PGLITE_SHARED_BUFFERS): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffers}`,
];

/**
 * Runs initdb for a new data folder in a child process. PGlite creates a folder with a second, temporary
 * instance (its own WebAssembly memory and the initdb module), and after it closes that memory stays with the
 * process: ~440 MB more RSS for as long as the server runs (measured in docs/benchmarks.md, memory). A child
 * takes it with it when it exits; the server then opens the folder as it opens any existing one.
 */
async function createPgliteFolder(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script =
    `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});` +
    `const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`PGlite could not create its data folder ${dir}:\n${output}`));
    });
  });
}

async function openPglite(
  dataDir: string,
  loadDataDir?: Uint8Array,
  sharedBuffers?: string,
): Promise<Database> {
  let client: PGlite;
  const startParams = pgliteStartParams(sharedBuffers);
  if (dataDir === 'memory') {
    client = loadDataDir
      ? new PGlite({
          loadDataDir: new Blob([new Uint8Array(loadDataDir)]),
          startParams,
          database: PGLITE_DATABASE,
        })
      : new PGlite({ startParams, database: PGLITE_DATABASE });
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    await createPgliteFolder(dir);
    client = new PGlite(dir, { startParams, database: PGLITE_DATABASE });
  }
  await client.waitReady;
  // Every statement the app sends runs prepared under a name (pglite-statements.ts); migrations and dumps
  // use the client as it is.
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    poolUse: () => null,
    dumpDataDir: async () => {
      // A checkpoint first writes the shared buffers out, so the copy needs little WAL replay when it is
      // opened. The copy itself is read synchronously while holding the query lock: no statement runs
      // half-way through it, and a transaction still open is simply not in it (rolled back on restore).
      await client.exec('CHECKPOINT');
      const tar = await client.runExclusive(() => client.dumpDataDir('none'));
      return new Uint8Array(await tar.arrayBuffer());
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // Fail fast with a readable message instead of at the first request.
  const probe = await pool.connect().catch((error: unknown) => {
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${(error as Error).message}`);
  });
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  // An idle client losing its connection (server restart, or DROP DATABASE ... FORCE racing pool.end(),
  // which does not wait for its clients to disconnect) is emitted on the pool; unheard, it would crash
  // the process. The pool has already discarded that client.
  pool.on('error', (error) => {
    if (!closed) console.error(`PostgreSQL idle client error: ${error.message}`);
  });
  return {
    db,
    kind: 'postgres',
    dumpDataDir: null,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.end();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
