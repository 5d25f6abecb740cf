import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { games } from './games.ts';
import { users } from './users.ts';

/**
 * The leaderboards' summary (docs/statistics.md, "Leaderboards"): one row per player, game and list key
 * with the player's counted matches and summed statistics counters, and copies of his rating and flag.
 * Kept by database triggers in the transaction that writes a match's result, its players, its statistics
 * rows or the player's rating or flag (migration 0025), so every writer keeps it right.
 *
 * `key`: `solo` (the game's solo-queue matches: the rating list without a competition), `all` (every
 * match of the game: the FPS list without a competition), `ladder:{id}`, `tournament:{id}`,
 * `solo-queue:{id}`.
 */
export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 40 }).notNull(),
    /** Copies of `users.elo` and `users.flag`. */
    elo: integer('elo').notNull(),
    flag: varchar('flag', { length: 8 }),
    /** Counted matches the player was on a side of (the rating list's `matches`). */
    matches: integer('matches').notNull(),
    /** Counted matches with a statistics row of the player (the FPS list's `matches`). */
    statMatches: integer('stat_matches').notNull(),
    roundsPlayed: integer('rounds_played').notNull(),
    roundsSurvived: integer('rounds_survived').notNull(),
    kills: integer('kills').notNull(),
    deaths: integer('deaths').notNull(),
    rounds1k: integer('rounds_1k').notNull(),
    rounds2k: integer('rounds_2k').notNull(),
    rounds3k: integer('rounds_3k').notNull(),
    rounds4k: integer('rounds_4k').notNull(),
    rounds5k: integer('rounds_5k').notNull(),
    /** The FPS rating of the summed counters, two decimals; null without a played round. */
    fpsRating: numeric('fps_rating'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId, t.key] }),
    index('leaderboard_entries_rating_idx')
      .on(t.gameId, t.key, t.elo.desc().nullsFirst(), t.userId)
      .where(sql`${t.matches} > 0`),
    index('leaderboard_entries_flag_rating_idx')
      .on(t.gameId, t.key, t.flag, t.elo.desc().nullsFirst(), t.userId)
      .where(sql`${t.matches} > 0`),
    index('leaderboard_entries_fps_idx')
      .on(t.gameId, t.key, t.fpsRating.desc().nullsFirst(), t.statMatches.desc().nullsFirst(), t.userId)
      .where(sql`${t.fpsRating} is not null`),
    index('leaderboard_entries_flag_fps_idx')
      .on(
        t.gameId,
        t.key,
        t.flag,
        t.fpsRating.desc().nullsFirst(),
        t.statMatches.desc().nullsFirst(),
        t.userId,
      )
      .where(sql`${t.fpsRating} is not null`),
  ],
);
