// `npm run backup -- [file]`: one tar.gz of the database and DATA_DIR's files (docs/operations.md#backups).
// On PGlite a running server writes it (over its control socket); with no server running this process opens
// the data folder itself. With DATABASE_URL, pg_dump takes the database copy (or the commands are printed).
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { BackupError, createBackup } from './archive.ts';
import { cliEnv } from './cli-env.ts';
import { requestBackup } from './control-socket.ts';
import type { BackupManifest } from './manifest.ts';
import { pgliteDump } from './pglite.ts';
import { postgresCommands, postgresDump, ToolMissing } from './postgres.ts';

const { base, dataDir, databaseUrl } = cliEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const output = path.resolve(base, process.argv[2] ?? `versus-backup-${stamp}.tar.gz`);

async function backup(): Promise<{ manifest: BackupManifest; how: string }> {
  if (databaseUrl) {
    const manifest = await createBackup({ dataDir, output, dumpDatabase: postgresDump(databaseUrl) });
    return { manifest, how: 'pg_dump' };
  }
  const fromServer = await requestBackup(dataDir, output);
  if (fromServer) return { manifest: fromServer, how: 'the running server' };
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
    throw new BackupError(`No database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  // No server has the folder open: this process may open it (start no server until this finishes).
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const manifest = await createBackup({ dataDir, output, dumpDatabase: pgliteDump(database) });
    return { manifest, how: 'this process (no server running)' };
  } finally {
    await database.close();
  }
}

try {
  const { manifest, how } = await backup();
  const { database } = manifest;
  console.log(
    `Backup written to ${output} by ${how}: ${database.kind} database at ${String(database.migrations)} migrations (${database.latestMigration ?? 'none'}), ${String(manifest.files)} files, taken ${manifest.createdAt}.`,
  );
} catch (error) {
  if (error instanceof ToolMissing && databaseUrl) {
    console.error(`${error.message}\n\n${postgresCommands(databaseUrl)}`);
  } else console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
