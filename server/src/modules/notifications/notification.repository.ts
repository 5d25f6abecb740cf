import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { NotificationData, NotificationRow } from '../../db/schema/index.ts';

export interface NewNotification {
  userId: number;
  type: string;
  message: string;
  data: NotificationData;
}

/** Inserts notifications in the caller's transaction; they are published after it commits. */
export async function insertNotifications(
  tx: Tx,
  rows: NewNotification[],
  now: number,
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(notifications)
    .values(rows.map((r) => ({ ...r, createdAt: new Date(now) })))
    .returning();
}

export async function adminUserIds(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

type Queryable = Db | Tx;

/** One page of the user's notifications, newest first. */
export async function listUserNotifications(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

export async function countUserNotifications(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.n ?? 0;
}

/** Ids of every notification the user has not seen (the header badge), newest first. */
export async function unseenNotificationIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
    .orderBy(desc(notifications.id));
  return rows.map((r) => r.id);
}

/** Marks the given ids seen, only among the user's own notifications; returns how many changed. */
export async function markNotificationsSeen(
  db: Queryable,
  userId: number,
  ids: number[] | 'all',
  now: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ seenAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.seenAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one of the user's notifications; false when there is no such notification of theirs. */
export async function deleteUserNotification(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
