// Two instances starting at once both run the migrations: the advisory lock in client.ts must make one
// wait for the other, so each migration is applied once and neither start fails.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

const serverDir = path.resolve(migrationsFolder, '..');

/** Runs `npm run migrate -w server`'s script as its own process; its exit code and output. */
function migrateProcess(
  databaseUrl: string,
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/migrate-cli.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        INIT_CWD: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'two processes migrating one fresh PostgreSQL database at once apply each migration once (skipped on PGlite: one process owns its files, there is nothing to race)',
    async () => {
      const adminUrl = process.env.DATABASE_URL ?? '';
      const name = `versus_migrate_race_${String(process.pid)}_${crypto.randomBytes(4).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-migrate-race-'));
      try {
        const runs = await Promise.all([
          migrateProcess(url.toString(), dataDir),
          migrateProcess(url.toString(), dataDir),
        ]);
        for (const run of runs) {
          expect(run.code, run.output).toBe(0);
          expect(run.output).toContain('Migrations applied (PostgreSQL).');
        }
        const journal = JSON.parse(
          fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
        ) as { entries: { tag: string }[] };
        const rows = await adminQuery<{ hash: string; created_at: string }>(
          url.toString(),
          'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id',
        );
        // One row per migration: a second run would have added the rows (and failed on CREATE TABLE) again.
        expect(rows).toHaveLength(journal.entries.length);
        expect(new Set(rows.map((r) => r.hash)).size).toBe(journal.entries.length);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    120_000,
  );
});
