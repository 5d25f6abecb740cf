import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/** Match room chat. Plain text, never HTML; 1 to 500 characters after trimming. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_match_idx').on(t.matchId, t.createdAt),
    index('chat_messages_user_idx').on(t.userId, t.createdAt),
    check('chat_messages_length', sql`char_length(${t.message}) between 1 and 500`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;
