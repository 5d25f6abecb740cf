import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ladders } from './ladders.ts';
import { skillColumns } from './columns.ts';
import { teams } from './teams.ts';

/**
 * A team's entry in a ladder: the standings row. `rating` is the team's ladder rating (standings sort by
 * it); the counters are kept here so the standings page needs no aggregate over matches.
 */
export const ladderTeams = pgTable(
  'ladder_teams',
  {
    id: serial('id').primaryKey(),
    ladderId: integer('ladder_id')
      .notNull()
      .references(() => ladders.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull().default(1000),
    ...skillColumns(),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    draws: integer('draws').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ladder_teams_ladder_team_unique').on(t.ladderId, t.teamId),
    // The standings' whole order (rating, wins, who joined first), so they are read without a sort; the
    // columns after the id (which ends the order) carry the rest of a standings row, so a leaderboard page is
    // picked and read off the index alone, however many rows precede it (drizzle has no INCLUDE).
    index('ladder_teams_standings_idx').on(
      t.ladderId,
      t.rating.desc().nullsFirst(),
      t.wins.desc().nullsFirst(),
      t.joinedAt.asc(),
      t.id.asc(),
      t.teamId,
      t.losses,
      t.draws,
    ),
    index('ladder_teams_team_idx').on(t.teamId),
  ],
);

export type LadderTeamRow = typeof ladderTeams.$inferSelect;
