import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
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
