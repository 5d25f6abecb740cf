import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { competitionColumns } from './competition-columns.ts';
import { createdAt, moment } from './columns.ts';
import { teams } from './teams.ts';

/** upcoming: sign-up open or closed, bracket not generated; running: bracket generated; then finished. */
export const tournamentStatus = pgEnum('tournament_status', ['upcoming', 'running', 'finished', 'cancelled']);

export const tournamentFormat = pgEnum('tournament_format', [
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
  'two_stage',
]);

/** The bracket's stored state (brackets-manager's tables and our Swiss rounds); see modules/tournaments. */
export type StoredBracket = Record<string, unknown>;

/** Tournaments in one of five formats. The bracket is generated at `startDate` from the (checked-in) teams. */
export const tournaments = pgTable(
  'tournaments',
  {
    ...competitionColumns({ drawsAllowed: false }),
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
    format: tournamentFormat('format').notNull().default('single_elimination'),
    /** Single elimination (and two-stage playoffs): a match for third place between the semi-final losers. */
    thirdPlaceMatch: boolean('third_place_match').notNull().default(false),
    /** Double elimination: the grand final is reset when the lower-bracket team wins the first one. */
    grandFinalReset: boolean('grand_final_reset').notNull().default(true),
    /** Round robin (and two-stage with groups): number of groups. */
    groupCount: smallint('group_count').notNull().default(1),
    /** Swiss: number of rounds; null = ceil(log2(teams)). */
    swissRounds: smallint('swiss_rounds'),
    /** Two-stage: the first stage (`round_robin` groups or `swiss`) and how many teams reach the playoffs. */
    groupStage: varchar('group_stage', { length: 16 }).notNull().default('round_robin'),
    playoffTeams: smallint('playoff_teams').notNull().default(4),
    /** `rating`: by team rating; `manual`: the admin's seeds first, then the rest by rating. */
    seeding: varchar('seeding', { length: 8 }).notNull().default('rating'),
    /** Minutes before the start during which captains check in; 0 = no check-in (every signed-up team plays). */
    checkInMinutes: smallint('check_in_minutes').notNull().default(0),
    bracket: jsonb('bracket').$type<StoredBracket>(),
    winnerTeamId: integer('winner_team_id').references(() => teams.id, { onDelete: 'set null' }),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
    /** Archived by an admin (finished or cancelled only): left out of the public list; the page stays. */
    archivedAt: moment('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tournaments_slug_unique').on(t.slug),
    index('tournaments_status_start_idx').on(t.status, t.startDate),
    check('tournaments_best_of_valid', sql`${t.bestOf} in (1, 3, 5) and ${t.finalBestOf} in (1, 3, 5)`),
    check('tournaments_team_size_positive', sql`${t.teamSize} between 1 and 16`),
    check(
      'tournaments_location_rule_valid',
      sql`${t.locationRule} in ('vote', 'fixed') and (${t.locationRule} = 'vote' or ${t.fixedLocationId} is not null)`,
    ),
    check('tournaments_max_teams_valid', sql`${t.maxTeams} between 2 and 256`),
    check('tournaments_group_count_valid', sql`${t.groupCount} between 1 and 32`),
  ],
);

export type TournamentRow = typeof tournaments.$inferSelect;
