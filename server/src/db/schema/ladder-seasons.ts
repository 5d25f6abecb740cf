import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { ladders } from './ladders.ts';
import { teams } from './teams.ts';

/**
 * A ladder's seasons, numbered from 1. At `starts_at` the deadline sweeper opens the season: the season
 * before it is closed (its final standings kept in `ladder_season_standings`) and every ladder rating is
 * softly reset halfway back to `RATING_START`, the counters to 0. At `ends_at` (when set) the season is
 * closed: its standings are kept; play goes on until the next season resets them.
 */
export const ladderSeasons = pgTable(
  'ladder_seasons',
  {
    id: serial('id').primaryKey(),
    ladderId: integer('ladder_id')
      .notNull()
      .references(() => ladders.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: moment('ends_at'),
    startedAt: moment('started_at'),
    closedAt: moment('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ladder_seasons_ladder_number_unique').on(t.ladderId, t.number),
    index('ladder_seasons_due_idx').on(t.startsAt),
    check('ladder_seasons_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

export type LadderSeasonRow = typeof ladderSeasons.$inferSelect;

/** A closed season's final standings (rank 1 = best rating). */
export const ladderSeasonStandings = pgTable(
  'ladder_season_standings',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => ladderSeasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    rank: smallint('rank').notNull(),
    rating: integer('rating').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    draws: integer('draws').notNull(),
  },
  (t) => [
    uniqueIndex('ladder_season_standings_season_team_unique').on(t.seasonId, t.teamId),
    index('ladder_season_standings_team_idx').on(t.teamId),
    // A closed season's leaderboard, read in rank order (then the team); the columns after the team carry
    // the rest of a standings row, so a page is read off the index alone, however many rows precede it.
    index('ladder_season_standings_rank_idx').on(
      t.seasonId,
      t.rank,
      t.teamId,
      t.rating,
      t.wins,
      t.losses,
      t.draws,
    ),
  ],
);

export type LadderSeasonStandingRow = typeof ladderSeasonStandings.$inferSelect;
