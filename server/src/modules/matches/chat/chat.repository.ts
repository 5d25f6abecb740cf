import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { chatMessages, users } from '../../../db/schema/index.ts';
import type { ChatMessageRow, UserRow } from '../../../db/schema/index.ts';

export interface ChatMessageWithUser {
  message: ChatMessageRow;
  user: UserRow;
}

/** The newest `limit` messages of a match, oldest first. */
export async function lastMessages(db: Db, matchId: number, limit: number): Promise<ChatMessageWithUser[]> {
  const rows = await db
    .select({ message: chatMessages, user: users })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.matchId, matchId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function insertMessage(
  db: Db,
  values: { matchId: number; userId: number; message: string; now: number },
): Promise<ChatMessageRow> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      matchId: values.matchId,
      userId: values.userId,
      message: values.message,
      createdAt: new Date(values.now),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
