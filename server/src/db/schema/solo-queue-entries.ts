import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';
import { soloQueuePops } from './solo-queue-pops.ts';
import { soloQueues } from './solo-queues.ts';
import { users } from './users.ts';

/**
 * Players waiting in a solo-queue. `user_id` is unique across all queues: one queue at a time. Rows are
 * deleted when the player leaves or when the match forms. While the player is in a pop (the ready check)
 * `pop_id` names it and `accepted_at` says whether they accepted; a failed pop clears both and keeps
 * `joined_at`, so the player keeps their place.
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
    popId: integer('pop_id').references(() => soloQueuePops.id, { onDelete: 'set null' }),
    acceptedAt: moment('accepted_at'),
  },
  (t) => [
    uniqueIndex('solo_queue_entries_user_unique').on(t.userId),
    index('solo_queue_entries_queue_idx').on(t.soloQueueId, t.joinedAt),
    index('solo_queue_entries_pop_idx').on(t.popId),
  ],
);

export type SoloQueueEntryRow = typeof soloQueueEntries.$inferSelect;
