import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { games } from './games.ts';
import { mapPools } from './map-pools.ts';

/** Ladders: open competitions where a team challenges another team of the same ladder at any time. */
export const ladders = pgTable(
  'ladders',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    mapPoolId: integer('map_pool_id')
      .notNull()
      .references(() => mapPools.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    slug: varchar('slug', { length: 100 }).notNull(),
    description: text('description'),
    /** Players per side (5 for 5v5). */
    teamSize: smallint('team_size').notNull(),
    /** Seconds each veto turn lasts before the system acts. */
    vetoTurnSeconds: smallint('veto_turn_seconds').notNull().default(30),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ladders_slug_unique').on(t.slug),
    check('ladders_team_size_positive', sql`${t.teamSize} between 1 and 16`),
  ],
);

export type LadderRow = typeof ladders.$inferSelect;
