import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ladders } from './ladders.ts';
import { matches } from './matches.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * Every rating change of a player (solo-queue Elo) or a team (team rating, and its ladder standing when
 * `ladderId` is set). Exactly one of `userId`/`teamId`. A resolved dispute that changes a result adds a
 * `reversal` row rather than editing history.
 */
export const ratingHistory = pgTable(
  'rating_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    ladderId: integer('ladder_id').references(() => ladders.id, { onDelete: 'cascade' }),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** `match`, `reversal` or `admin`. */
    reason: varchar('reason', { length: 16 }).notNull().default('match'),
    oldRating: integer('old_rating').notNull(),
    newRating: integer('new_rating').notNull(),
    delta: integer('delta').notNull(),
    /** The model's inputs and output (null on rows written before the model, which were Elo). */
    muBefore: doublePrecision('mu_before'),
    sigmaBefore: doublePrecision('sigma_before'),
    muAfter: doublePrecision('mu_after'),
    sigmaAfter: doublePrecision('sigma_after'),
    /** The subject's side's win probability before the result. */
    winProbability: doublePrecision('win_probability'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rating_history_user_idx').on(t.userId, t.createdAt),
    index('rating_history_team_idx').on(t.teamId, t.createdAt),
    index('rating_history_match_idx').on(t.matchId),
    check('rating_history_one_subject', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    check('rating_history_delta_consistent', sql`${t.newRating} - ${t.oldRating} = ${t.delta}`),
  ],
);

export type RatingHistoryRow = typeof ratingHistory.$inferSelect;
