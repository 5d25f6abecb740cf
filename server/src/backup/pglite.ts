// The embedded database's part of a backup: a tarball of PGlite's data folder taken inside the process that
// has it open (PGlite is one process only), and its restore through PGlite's own `loadDataDir`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../db/client.ts';
import type { DumpDatabase, LoadDatabase } from './archive.ts';
import { BackupError } from './archive.ts';
import { migrationLevel, type MigrationLevel } from './manifest.ts';

const FILE = 'pglite.tar';

/** How far the database's migrations went (drizzle's bookkeeping table). */
export async function appliedMigrations(db: Db): Promise<MigrationLevel> {
  const result = await db.execute(
    sql`select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  // Both drivers answer `{rows}`; the query's shape is checked rather than cast.
  const row = z
    .object({ rows: z.array(z.object({ n: z.number(), newest: z.string().nullable() })) })
    .parse(result).rows[0];
  return migrationLevel(row?.n ?? 0, row?.newest ? Number(row.newest) : null);
}

/** Copies the open PGlite database of this process. */
export function pgliteDump(database: Database): DumpDatabase {
  const dump = database.dumpDataDir;
  if (!dump) throw new Error('pgliteDump needs the embedded database');
  return async (dir) => {
    const level = await appliedMigrations(database.db);
    await fs.writeFile(path.join(dir, FILE), await dump());
    return { kind: 'pglite', file: `database/${FILE}`, ...level };
  };
}

/** Unpacks a PGlite copy into `<dataDir>/pglite` (PGlite replays what the copy's WAL holds on first open). */
export function pgliteLoad(dataDir: string): LoadDatabase {
  return async (manifest, file) => {
    if (manifest.database.kind !== 'pglite') {
      throw new BackupError(
        'This backup holds a PostgreSQL dump: restore it with DATABASE_URL set to an empty database.',
      );
    }
    const bytes = await fs.readFile(file);
    const client = new PGlite(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([new Uint8Array(bytes)], { type: 'application/x-tar' }),
    });
    await client.waitReady;
    await client.query('select 1');
    await client.close();
  };
}
