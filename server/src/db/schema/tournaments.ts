import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { competitionColumns } from './competition-columns.ts';
import { createdAt, moment } from './columns.ts';
import { teams } from './teams.ts';

/** upcoming: sign-up open or closed, bracket not generated; running: bracket generated; then finished. */
export const tournamentStatus = pgEnum('tournament_status', ['upcoming', 'running', 'finished', 'cancelled']);

/** Single-elimination tournaments. The bracket is generated at `startDate` from the signed-up teams. */
export const tournaments = pgTable(
  'tournaments',
  {
    ...competitionColumns(),
    description: text('description'),
    maxTeams: smallint('max_teams').notNull().default(16),
    /** Sign-up closes here; null means at `startDate`. */
    signupDeadline: moment('signup_deadline'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    status: tournamentStatus('status').notNull().default('upcoming'),
    /** Best-of of every round but the final. */
    bestOf: smallint('best_of').notNull().default(1),
    finalBestOf: smallint('final_best_of').notNull().default(3),
    /** Minutes between rounds when the bracket sets each match's start date. */
    roundIntervalMinutes: smallint('round_interval_minutes').notNull().default(60),
    readyCheckMinutes: smallint('ready_check_minutes').notNull().default(10),
    winnerTeamId: integer('winner_team_id').references(() => teams.id, { onDelete: 'set null' }),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tournaments_slug_unique').on(t.slug),
    index('tournaments_status_start_idx').on(t.status, t.startDate),
    check('tournaments_best_of_valid', sql`${t.bestOf} in (1, 3, 5) and ${t.finalBestOf} in (1, 3, 5)`),
    check('tournaments_team_size_positive', sql`${t.teamSize} between 1 and 16`),
    check('tournaments_max_teams_valid', sql`${t.maxTeams} between 2 and 256`),
  ],
);

export type TournamentRow = typeof tournaments.$inferSelect;
