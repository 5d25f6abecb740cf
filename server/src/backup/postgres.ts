// PostgreSQL's part of a backup: PostgreSQL's own tools. `pg_dump -Fc` takes one consistent snapshot while
// every instance keeps running; `pg_restore` loads it into an empty database. Without the tools on PATH the
// CLI prints the commands instead (docs/operations.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { BackupError, type DumpDatabase, type LoadDatabase } from './archive.ts';
import { migrationLevel } from './manifest.ts';

const FILE = 'postgres.pgdump';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new ToolMissing(command) : error),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (${String(code)}):\n${errors}`)),
    );
  });
}

/** `pg_dump` or `pg_restore` is not installed. */
export class ToolMissing extends BackupError {
  constructor(readonly tool: string) {
    super(`${tool} is not installed (Debian: apt-get install postgresql-client).`);
  }
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `pg_dump -Fc` of DATABASE_URL, with the migration level read first. */
export function postgresDump(databaseUrl: string): DumpDatabase {
  return async (dir) => {
    const level = await withClient(databaseUrl, async (client) => {
      const result = await client.query<{ n: number; newest: string | null }>(
        'select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations',
      );
      const row = result.rows[0];
      return migrationLevel(row?.n ?? 0, row?.newest ? Number(row.newest) : null);
    });
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(dir, FILE)}`,
      `--dbname=${databaseUrl}`,
    ]);
    return { kind: 'postgres', file: `database/${FILE}`, ...level };
  };
}

/** `pg_restore` into DATABASE_URL, which must hold no tables yet. */
export function postgresLoad(databaseUrl: string): LoadDatabase {
  return async (manifest, file) => {
    if (manifest.database.kind !== 'postgres') {
      throw new BackupError(
        'This backup holds an embedded (PGlite) database: restore it without DATABASE_URL.',
      );
    }
    const tables = await withClient(databaseUrl, async (client) => {
      const result = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
      );
      return result.rows[0]?.n ?? 0;
    });
    if (tables > 0) {
      throw new BackupError(
        'The database at DATABASE_URL is not empty: restore into a new database (createdb versus_restored).',
      );
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      file,
    ]);
  };
}

/** What an operator runs by hand when the tools are elsewhere. */
export function postgresCommands(databaseUrl: string): string {
  const masked = databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  return [
    'Back up PostgreSQL and the uploads by hand:',
    `  pg_dump --format=custom --no-owner --no-privileges --file=versus.pgdump --dbname='${masked}'`,
    '  tar -czf versus-data.tar.gz -C "$DATA_DIR" --exclude=./upload-parts --exclude=./emulators .',
    'Restore into an empty database and an empty DATA_DIR:',
    `  pg_restore --no-owner --no-privileges --exit-on-error --dbname='${masked}' versus.pgdump`,
    '  tar -xzf versus-data.tar.gz -C "$DATA_DIR"',
  ].join('\n');
}
