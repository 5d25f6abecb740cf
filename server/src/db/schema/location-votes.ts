import { index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { locations } from './locations.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/** Location votes of a match's players: one per player, changed in place. */
export const locationVotes = pgTable(
  'location_votes',
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('location_votes_match_user_unique').on(t.matchId, t.userId),
    index('location_votes_match_location_idx').on(t.matchId, t.locationId),
  ],
);

export type LocationVoteRow = typeof locationVotes.$inferSelect;
