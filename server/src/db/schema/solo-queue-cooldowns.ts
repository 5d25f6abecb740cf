import { integer, pgTable } from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';
import { users } from './users.ts';

/** A player who declined or missed a pop may not join a solo-queue until `until`. One row per player. */
export const soloQueueCooldowns = pgTable('solo_queue_cooldowns', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: moment('until').notNull(),
});
