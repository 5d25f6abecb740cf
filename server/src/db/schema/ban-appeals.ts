import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bans } from './bans.ts';
import { users } from './users.ts';

/**
 * A banned player's appeal: one per ban (a unique index), the ticket admins see on the moderation page
 * beside the ban it is about; lifting the ban is the answer.
 */
export const banAppeals = pgTable(
  'ban_appeals',
  {
    id: serial('id').primaryKey(),
    banId: integer('ban_id')
      .notNull()
      .references(() => bans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ban_appeals_ban_unique').on(t.banId),
    check('ban_appeals_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

export type BanAppealRow = typeof banAppeals.$inferSelect;
