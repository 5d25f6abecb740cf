import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { matches } from './matches.ts';
import { soloQueues } from './solo-queues.ts';

/**
 * A pop: the ready check that starts when a solo-queue has enough players. Its players are the queue
 * entries that point at it (`solo_queue_entries.pop_id`); every change to it runs under the queue's row
 * lock. `deadline` is swept by the deadline sweeper; `status` is `open` until it ends as `matched`
 * (`match_id` set) or `cancelled`.
 */
export const soloQueuePops = pgTable(
  'solo_queue_pops',
  {
    id: serial('id').primaryKey(),
    soloQueueId: integer('solo_queue_id')
      .notNull()
      .references(() => soloQueues.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    deadline: moment('deadline').notNull(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    endedAt: moment('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('solo_queue_pops_status_valid', sql`${t.status} in ('open', 'matched', 'cancelled')`),
    // The sweeper's clock: only open pops are ever due.
    index('solo_queue_pops_due_idx')
      .on(t.deadline)
      .where(sql`${t.status} = 'open'`),
  ],
);

export type SoloQueuePopRow = typeof soloQueuePops.$inferSelect;
