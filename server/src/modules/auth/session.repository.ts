import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export async function insertSession(
  db: Db,
  values: { id: string; userId: number; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The users of these live (unexpired) sessions and when each expires, by session id (one query). */
export async function findSessions(
  db: Db,
  sessionIds: readonly string[],
  now: Date,
): Promise<Map<string, { user: UserRow; expiresAt: Date }>> {
  const rows = await db
    .select({ id: sessions.id, user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, now)));
  return new Map(rows.map((r) => [r.id, { user: r.user, expiresAt: r.expiresAt }]));
}

/** The user of a live (unexpired) session and when it expires, or null. */
export async function findSession(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<{ user: UserRow; expiresAt: Date } | null> {
  const rows = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes every session of the user but `keep` (null: all of them); returns the deleted ids. */
export async function deleteUserSessions(db: Db, userId: number, keep: string | null): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep === null ? undefined : ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
