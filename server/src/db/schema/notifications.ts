import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { users } from './users.ts';

/** Extra data of a notification; `redirectUrl` gives the panel its view button. */
export interface NotificationData {
  redirectUrl?: string;
  matchId?: number;
  teamId?: number;
  ticketId?: number;
  [key: string]: unknown;
}

/**
 * A user's notifications. `message` is HTML built on the server from escaped values; `type` names the
 * cause (e.g. `challenge-received`, `veto-turn`) for filtering and tests.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 64 }).notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    seenAt: moment('seen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The panel's order (newest first, id breaking ties), so a page is read off the index without a sort.
    index('notifications_user_list_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unseen ids of a user, newest first (the header badge), read off the index in order.
    index('notifications_user_unseen_idx')
      .on(t.userId, t.id.desc())
      .where(sql`${t.seenAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
