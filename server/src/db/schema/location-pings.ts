import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { locations } from './locations.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * The latency a match player's browser measured to each offered location during the location vote
 * (`{hostname}/ping`), one row per match, player and location. The vote's tie-break: the lowest median.
 */
export const locationPings = pgTable(
  'location_pings',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Milliseconds, 0 to 10,000. */
    ms: integer('ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('location_pings_match_user_location_unique').on(t.matchId, t.userId, t.locationId),
    check('location_pings_ms_valid', sql`${t.ms} between 0 and 10000`),
  ],
);

export type LocationPingRow = typeof locationPings.$inferSelect;
