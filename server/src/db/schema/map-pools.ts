import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { games } from './games.ts';

/**
 * A named set of maps to veto from. Each ladder, tournament and solo-queue points at its own pool, so the
 * veto code reads one pool shape whatever the match type.
 */
export const mapPools = pgTable('map_pools', {
  id: serial('id').primaryKey(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  createdAt: createdAt(),
});

export type MapPoolRow = typeof mapPools.$inferSelect;
