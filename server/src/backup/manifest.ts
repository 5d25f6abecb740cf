// What a backup archive says about itself (`manifest.json` at its root), and the migration level it is
// compared with: the committed drizzle-kit journal of this version.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../db/client.ts';

/** The archive layout this code writes and reads; a later layout gets a new number. */
export const BACKUP_FORMAT = 1;

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  app: z.literal('versus'),
  /** The server package's version that wrote it. */
  version: z.string(),
  /** When the database copy was taken (ISO 8601). */
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Its file inside the archive: a PGlite data folder tarball or a `pg_dump -Fc` dump. */
    file: z.string(),
    /** Migrations applied to the copied database, and the newest one's name. */
    migrations: z.number().int().nonnegative(),
    latestMigration: z.string().nullable(),
  }),
  /** Files copied from DATA_DIR (uploads, the generated keys). */
  files: z.number().int().nonnegative(),
});

export type BackupManifest = z.infer<typeof backupManifest>;
export type MigrationLevel = Pick<BackupManifest['database'], 'migrations' | 'latestMigration'>;

const journal = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });

/** The migrations this version ships, oldest first. */
export function shippedMigrations(): { when: number; tag: string }[] {
  const text = fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return journal.parse(JSON.parse(text)).entries;
}

/** Names the level from drizzle's bookkeeping rows (`created_at` is the journal entry's `when`). */
export function migrationLevel(applied: number, newestCreatedAt: number | null): MigrationLevel {
  const tag = shippedMigrations().find((m) => m.when === newestCreatedAt)?.tag ?? null;
  return { migrations: applied, latestMigration: tag };
}

/** The server package's version. */
export function appVersion(): string {
  const file = path.resolve(migrationsFolder, '..', 'package.json');
  const parsed = z.object({ version: z.string() }).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return parsed.version;
}
