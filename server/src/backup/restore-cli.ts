// `npm run restore -- <file> [--data-dir <folder>]`: a backup back into an empty data folder (and, for a
// PostgreSQL backup, into the empty database at DATABASE_URL). Start the server on the folder afterwards.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from './archive.ts';
import { cliEnv } from './cli-env.ts';
import { pgliteLoad } from './pglite.ts';
import { postgresLoad } from './postgres.ts';

const { values, positionals } = parseArgs({
  options: { 'data-dir': { type: 'string' } },
  allowPositionals: true,
});
const env = cliEnv();
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--data-dir <empty folder>]');
  process.exit(2);
}
const dataDir = values['data-dir'] ? path.resolve(env.base, values['data-dir']) : env.dataDir;

try {
  const manifest = await restoreBackup({
    archive: path.resolve(env.base, file),
    dataDir,
    loadDatabase: env.databaseUrl ? postgresLoad(env.databaseUrl) : pgliteLoad(dataDir),
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database.kind}, ${String(manifest.database.migrations)} migrations, ${String(manifest.files)} files) into ${dataDir}. Start the server with DATA_DIR=${dataDir}.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
