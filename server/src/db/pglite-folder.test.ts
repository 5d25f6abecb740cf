// The embedded database's data folder across PGlite versions: a folder made by an earlier `npm start` (PGlite
// 0.3, whose tables live in the cluster's `template1`) opens with its data, and is not seeded anew.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_DATABASE } from './client.ts';

// PGlite only: the PostgreSQL project runs it once already on the embedded side.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded data folder', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("opens a folder an earlier version wrote, with its data (the tables in the cluster's template1)", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'versus-pglite-folder-'));
    dirs.push(dataDir);
    // What PGlite 0.3 did by default: connect to template1 and keep everything there.
    const earlier = new PGlite(path.join(dataDir, 'pglite'), { database: 'template1' });
    await earlier.exec("create table kept (note text); insert into kept values ('from before')");
    await earlier.close();

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const result = await database.db.execute(sql`select note from kept`);
      expect((result as { rows: unknown[] }).rows).toEqual([{ note: 'from before' }]);
      await database.db.execute(sql`insert into kept values ('from now')`);
    } finally {
      await database.close();
    }

    // And what the app writes now stays where the next start (of either version) looks for it.
    const again = new PGlite(path.join(dataDir, 'pglite'), { database: PGLITE_DATABASE });
    const notes = await again.query<{ note: string }>('select note from kept order by note');
    expect(notes.rows.map((r) => r.note)).toEqual(['from before', 'from now']);
    await again.close();
  }, 120_000);
});
