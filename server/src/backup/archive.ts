// One backup archive (tar.gz): `manifest.json`, `database/` (the database copy) and `data/` (DATA_DIR's
// files: uploads, the generated realtime credentials and game-server key). The database is copied first,
// then the files: a file is written before the row that names it, so every file the copied database
// names is already on disk; and deletions wait until the files are copied (`holdFileDeletions`), so none of
// them disappears in between. Files written after the database copy may be in the archive too, named by
// nothing: harmless.
import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { holdFileDeletions } from '../storage/index.ts';
import {
  appVersion,
  BACKUP_FORMAT,
  backupManifest,
  shippedMigrations,
  type BackupManifest,
} from './manifest.ts';

/** Top-level entries of DATA_DIR that are not copied as files. */
const SKIPPED = new Set([
  'pglite', // the database: copied through the database, never as files
  'upload-parts', // uploads still arriving; their rows do not exist yet
  'emulators', // the embedded game servers' working folders (development), made again on start
  'control.sock',
]);

/** A database copy written into `dir`; its file name relative to the archive, and its migration level. */
export type DumpDatabase = (dir: string) => Promise<BackupManifest['database']>;

/** A refusal the CLIs print as it is (no stack). */
export class BackupError extends Error {}

/** Writes the archive to `output` (through `<output>.partial`, renamed when complete); its manifest. */
export async function createBackup(options: {
  dataDir: string;
  output: string;
  dumpDatabase: DumpDatabase;
  now?: () => Date;
}): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const output = path.resolve(options.output);
  if (output === dataDir || output.startsWith(dataDir + path.sep)) {
    throw new BackupError(`Write the backup outside DATA_DIR (${dataDir}): the next backup would copy it.`);
  }
  await fs.mkdir(dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(dataDir, '.backup-'));
  const partial = `${output}.partial`;
  try {
    const release = holdFileDeletions();
    let database: BackupManifest['database'];
    let files: number;
    const createdAt = (options.now?.() ?? new Date()).toISOString();
    try {
      await fs.mkdir(path.join(staging, 'database'));
      database = await options.dumpDatabase(path.join(staging, 'database'));
      files = await linkTree(dataDir, path.join(staging, 'data'), true);
    } finally {
      await release();
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: 'versus',
      version: appVersion(),
      createdAt,
      database,
      files,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(path.dirname(output), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'database',
      'data',
    ]);
    await fs.rename(partial, output);
    return manifest;
  } finally {
    await fs.rm(partial, { force: true });
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Hard-links (or copies, where links are refused) every file under `from` into `to`: a snapshot that a later
 * replacement or deletion does not change, at no cost in space. Returns how many files.
 */
async function linkTree(from: string, to: string, top: boolean): Promise<number> {
  await fs.mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const name = entry.name;
    if (top && (SKIPPED.has(name) || name.startsWith('.backup-') || name.startsWith('.restore-'))) continue;
    if (name.endsWith('.tmp')) continue; // a file storage write in progress (renamed into place when done)
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (entry.isDirectory()) count += await linkTree(source, target, false);
    else if (entry.isFile()) {
      await fs.link(source, target).catch(() => fs.copyFile(source, target));
      count += 1;
    }
  }
  return count;
}

/** Loads the archive's database copy (`file` is its path on disk) into the restored DATA_DIR. */
export type LoadDatabase = (manifest: BackupManifest, file: string) => Promise<void>;

/**
 * Unpacks `archive` into `dataDir`, which must be missing or empty, and hands the database copy to
 * `loadDatabase`. Refuses an archive of an unknown layout or made by a version with newer migrations.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  loadDatabase: LoadDatabase;
}): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  await fs.access(options.archive).catch(() => {
    throw new BackupError(`No backup at ${options.archive}.`);
  });
  const existing = await fs.readdir(dataDir).catch(() => []);
  if (existing.length > 0) {
    throw new BackupError(
      `${dataDir} is not empty: a backup is restored into an empty data folder only. Choose another one with --data-dir, or move this one away.`,
    );
  }
  await fs.mkdir(dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await tar.extract({ file: options.archive, cwd: staging }).catch((error: unknown) => {
      throw new BackupError(`${options.archive} is not a readable backup: ${(error as Error).message}`);
    });
    const manifest = await readManifest(staging);
    const shipped = shippedMigrations().length;
    if (manifest.database.migrations > shipped) {
      throw new BackupError(
        `This backup's database has ${String(manifest.database.migrations)} migrations (newest ${manifest.database.latestMigration ?? 'unknown'}); this version knows ${String(shipped)}. Restore it with the version that made it (${manifest.version}) or a newer one.`,
      );
    }
    const data = path.join(staging, 'data');
    for (const name of await fs.readdir(data).catch(() => [])) {
      await fs.rename(path.join(data, name), path.join(dataDir, name));
    }
    await options.loadDatabase(manifest, path.join(staging, manifest.database.file));
    return manifest;
  } catch (error) {
    // Leave the folder as it was found (empty), so the restore can simply be run again.
    for (const name of await fs.readdir(dataDir)) {
      await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) throw new BackupError('This archive has no manifest.json: it is not a Versus backup.');
  const parsed = backupManifest.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new BackupError(
      `This archive's manifest.json is not one this version reads: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
