import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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

/** One page of the user's notifications with their count and every unseen id: the panel's answer. */
export interface NotificationPageRows {
  rows: NotificationRow[];
  total: number;
  /** Ids of every notification the user has not seen (the header badge), newest first. */
  unseen: number[];
}

/**
 * The panel's page in one statement (one round trip): a one-row select of the user's count and unseen ids
 * (each read off the user's own entries of an index, never the whole table; the unseen ids in
 * order off `notifications_user_unseen_idx`, no sort), with the page's rows (read off
 * `notifications_user_list_idx` in order, no sort) joined to it, so an empty page still answers the count.
 */
export async function readNotificationPage(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<NotificationPageRows> {
  const page = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const found = await db
    .select({
      total:
        sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId})`.mapWith(
          Number,
        ),
      unseen: sql<
        number[]
      >`array(select ${notifications.id} from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.seenAt} is null order by ${notifications.id} desc)`,
      row: {
        id: page.id,
        userId: page.userId,
        type: page.type,
        message: page.message,
        data: page.data,
        seenAt: page.seenAt,
        createdAt: page.createdAt,
      },
    })
    .from(sql`(select 1) as one`)
    .leftJoin(page, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id));
  const first = found[0];
  return {
    rows: found.flatMap((r) => (r.row ? [r.row] : [])),
    total: first?.total ?? 0,
    unseen: (first?.unseen ?? []).map(Number),
  };
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
