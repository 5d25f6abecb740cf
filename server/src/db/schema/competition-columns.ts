import { integer, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { games } from './games.ts';
import { mapPools } from './map-pools.ts';

/**
 * What every competition (ladder, tournament, solo-queue) has: its game, its own map pool, a name and
 * slug, the players per side, and how long a veto turn lasts before the system acts.
 */
export const competitionColumns = () => ({
  id: serial('id').primaryKey(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'restrict' }),
  mapPoolId: integer('map_pool_id')
    .notNull()
    .references(() => mapPools.id, { onDelete: 'restrict' }),
  name: varchar('name', { length: 100 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull(),
  /** Players per side (5 for 5v5). */
  teamSize: smallint('team_size').notNull(),
  /** Seconds each veto turn lasts before the system acts. */
  vetoTurnSeconds: smallint('veto_turn_seconds').notNull().default(30),
});
