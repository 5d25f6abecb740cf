import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/** The user's id by name (case-insensitive, as `findUserByUsername`), as a subquery for a page's reads. */
export const userIdByUsername = (username: string) =>
  sql`(select ${users.id} from ${users} where lower(${users.username}) = ${username.toLowerCase()} limit 1)`;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertUser(
  db: Db,
  values: { username: string; email: string; passwordHash: string; image: string | null; elo: number },
): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}
