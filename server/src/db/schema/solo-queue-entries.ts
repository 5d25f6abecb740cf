import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { soloQueues } from './solo-queues.ts';
import { users } from './users.ts';

/**
 * Players waiting in a solo-queue. `user_id` is unique across all queues: one queue at a time. Rows are
 * deleted when the player leaves or when the match forms.
 */
export const soloQueueEntries = pgTable(
  'solo_queue_entries',
  {
    id: serial('id').primaryKey(),
    soloQueueId: integer('solo_queue_id')
      .notNull()
      .references(() => soloQueues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('solo_queue_entries_user_unique').on(t.userId),
    index('solo_queue_entries_queue_idx').on(t.soloQueueId, t.joinedAt),
  ],
);

export type SoloQueueEntryRow = typeof soloQueueEntries.$inferSelect;
