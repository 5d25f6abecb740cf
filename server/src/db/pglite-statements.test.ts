// Named prepared statements on PGlite (pglite-statements.ts): each statement is prepared once and then
// only bound and run, with the same answers and errors as PGlite's own `query`.
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements.ts';

const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  tags: text('tags').array(),
  body: jsonb('body'),
  rank: integer('rank'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});

// PGlite only: this is the embedded database's own path.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite with named prepared statements', () => {
  let client: PGlite;
  const SIZE = 4;
  let db: ReturnType<typeof drizzle>;
  let plain: ReturnType<typeof drizzle>;

  const prepared = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    client = new PGlite();
    await client.exec(
      `create table notes (id serial primary key, title text not null unique, tags text[], body jsonb,
         rank integer, at timestamptz)`,
    );
    db = drizzle({ client: withPreparedStatements(client, SIZE) });
    plain = drizzle({ client });
  }, 60_000);

  afterAll(async () => {
    if (!client.closed) await client.close();
  });

  it('prepares a statement once and answers as PGlite does', async () => {
    const at = new Date(Date.UTC(2030, 0, 1, 18));
    await db.insert(notes).values({ title: 'a', tags: ['x', 'y'], body: { n: 1, s: 'é' }, rank: null, at });
    const read = () => db.select().from(notes).where(eq(notes.title, 'a'));
    const first = await read();
    await read();
    expect(await read()).toEqual(first);
    expect(first).toEqual(await plain.select().from(notes).where(eq(notes.title, 'a')));
    expect(first).toEqual([{ id: 1, title: 'a', tags: ['x', 'y'], body: { n: 1, s: 'é' }, rank: null, at }]);
    const texts = await prepared();
    expect(texts.filter((t) => t.startsWith('select') && t.includes('"notes"."title" = $1'))).toHaveLength(1);
  });

  it('throws the database error and stays usable, outside and inside a transaction', async () => {
    const duplicate = await db
      .insert(notes)
      .values({ title: 'a' })
      .then(() => null)
      .catch((e: unknown) => e as { cause?: { code?: string; query?: string } });
    expect(duplicate?.cause?.code).toBe('23505');
    expect(duplicate?.cause?.query).toMatch(/^insert into "notes"/);

    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ title: 'b' });
        await tx.insert(notes).values({ title: 'a' });
      }),
    ).rejects.toThrow();
    expect(await db.select({ title: notes.title }).from(notes).orderBy(notes.title)).toEqual([
      { title: 'a' },
    ]);

    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ title: 'c', rank: 3 });
      await tx
        .update(notes)
        .set({ rank: sql`${notes.rank} + 1` })
        .where(eq(notes.title, 'c'));
    });
    expect(await db.select({ rank: notes.rank }).from(notes).where(eq(notes.title, 'c'))).toEqual([
      { rank: 4 },
    ]);
    const updated = await db.update(notes).set({ rank: 5 }).where(eq(notes.title, 'c'));
    expect(updated).toMatchObject({ affectedRows: 1, rows: [] });
    expect((await db.execute(sql`select title, rank from notes where rank = ${5}`)).rows).toEqual([
      { title: 'c', rank: 5 },
    ]);
  });

  it(`keeps at most ${String(SIZE)} statements prepared, closing the least recently used`, async () => {
    for (let n = 1; n <= 6; n += 1) {
      await db.execute(sql.raw(`select ${String(n)} as n_${String(n)}`));
    }
    await db.execute(sql.raw('select 7 as n_7'));
    const texts = await prepared();
    expect(texts.length).toBeLessThanOrEqual(SIZE + 1);
    expect(texts).toContain('select 7 as n_7');
    expect(texts).not.toContain('select 1 as n_1');
    expect(texts).not.toContain('select 2 as n_2');
  });

  it('prepares a statement again once its table changed under it', async () => {
    const all = () => db.execute(sql.raw('select * from notes order by id limit 1'));
    await all();
    await client.exec('alter table notes add column extra text');
    const again = await all().catch(() => all());
    expect(Object.keys(again.rows[0] ?? {})).toContain('extra');
    expect((await all()).rows[0]).toHaveProperty('extra', null);
  });

  it('throws once the database is closed, as PGlite does', async () => {
    await client.close();
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
  });
});
