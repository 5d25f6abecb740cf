import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.ts';
import { games } from './games.ts';
import { ladders } from './ladders.ts';
import { locations } from './locations.ts';
import { soloQueues } from './solo-queues.ts';
import { teams } from './teams.ts';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/** Engine fields copied from the competition at creation (see `settings`). */
export interface MatchSettingsSnapshot {
  mapPoolId?: number;
  vetoTurnSeconds?: number;
  promodMode?: string;
  scoreApprovalSeconds?: number | null;
  disputeWindowSeconds?: number | null;
  readyCheckMinutes?: number;
  pickTurnSeconds?: number;
  locationVoteSeconds?: number;
  teamSize?: number;
  drawsAllowed?: boolean;
  locationRule?: string;
  fixedLocationId?: number | null;
}

/** The stored open time proposal (see `timeProposal`). */
export interface TimeProposalValue {
  side: 1 | 2;
  byUserId: number;
  times: number[];
  at: number;
}

export const matchType = pgEnum('match_type', ['ladder', 'tournament', 'solo-queue']);

/**
 * One match between two sides (1 = challenger, 2 = opponent; see `sides.ts`). `status_id` uses the spec's
 * ids: 1 challenge, 2 map veto, 3 scheduled, 4 in progress, 5 finished, 6 disputed, 7 cancelled,
 * 8 score entered, 9 ready up, 10 player select, 11 location select.
 *
 * Every clock is a deadline column (ready, veto turn, pick turn, location vote, score approval), swept by
 * the scheduler with partial indexes per status. `version` grows by one with every committed change, so
 * broadcasts and clients can order and drop stale states.
 */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    type: matchType('type').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    ladderId: integer('ladder_id').references(() => ladders.id, { onDelete: 'restrict' }),
    tournamentId: integer('tournament_id').references(() => tournaments.id, { onDelete: 'restrict' }),
    soloQueueId: integer('solo_queue_id').references(() => soloQueues.id, { onDelete: 'restrict' }),
    /** Tournament bracket: round 1 is the first round; `bracketPosition` counts from 0 within a round. */
    tournamentRound: smallint('tournament_round'),
    bracketPosition: smallint('bracket_position'),
    /** Where the winner goes: the next bracket match and the side (1 | 2) it fills there. */
    nextMatchId: integer('next_match_id').references((): AnyPgColumn => matches.id, { onDelete: 'set null' }),
    nextMatchSide: smallint('next_match_side'),
    /** The bracket slot this match plays (`bm:<id>` a brackets-manager match, `swiss:<id>` a Swiss pairing). */
    bracketRef: varchar('bracket_ref', { length: 32 }),
    /**
     * The competition's engine settings as they were when the match was created (written by the
     * `matches_snapshot_settings` trigger), so a later edit of the competition never changes this match.
     */
    settings: jsonb('settings').$type<MatchSettingsSnapshot>(),
    /** Null for solo-queue (sides without team rows) and for a bracket slot not decided yet. */
    challengerTeamId: integer('challenger_team_id').references(() => teams.id, { onDelete: 'restrict' }),
    opponentTeamId: integer('opponent_team_id').references(() => teams.id, { onDelete: 'restrict' }),
    /** The user who acts for each side (veto turns, score entry): the team captain or pug captain. */
    challengerCaptainId: integer('challenger_captain_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    opponentCaptainId: integer('opponent_captain_id').references(() => users.id, { onDelete: 'set null' }),
    teamSize: smallint('team_size').notNull(),
    bestOf: smallint('best_of').notNull().default(1),
    /** When play is due: chosen by the challenger (ladder) or set by the bracket (tournament). */
    startDate: moment('start_date'),
    /**
     * Scheduling (docs/scheduling.md): the open time proposal of one captain (`side`, `byUserId`, up to
     * three `times` in epoch ms, `at`), and whether `startDate` is a time both captains agreed on.
     */
    timeProposal: jsonb('time_proposal').$type<TimeProposalValue>(),
    timeAgreed: boolean('time_agreed').notNull().default(false),
    /** When the 15-minute reminder of an agreed start was sent (null: not yet). */
    startRemindedAt: moment('start_reminded_at'),
    /** Estimated start shown where `startDate` is unknown (e.g. a bracket match waiting for its teams). */
    expectedStartDate: moment('expected_start_date'),
    /** Random seed of every system choice in this match (veto timeouts), stored so results can be replayed. */
    randomSeed: integer('random_seed')
      .notNull()
      .default(sql`floor(random() * 2147483647)::int`),

    // Ready check (status 9).
    challengerReady: boolean('challenger_ready').notNull().default(false),
    /** Substitutes each side brought in (the limit per side counts these; replaced players leave). */
    challengerSubsUsed: smallint('challenger_subs_used').notNull().default(0),
    opponentSubsUsed: smallint('opponent_subs_used').notNull().default(0),
    opponentReady: boolean('opponent_ready').notNull().default(false),
    readyDeadline: moment('ready_deadline'),

    // Player select (status 10): which side picks now, how many picks were made, the turn's deadline.
    pickerSide: smallint('picker_side'),
    pickStep: smallint('pick_step').notNull().default(0),
    pickDeadline: moment('pick_deadline'),

    // Location select (status 11).
    locationVoteDeadline: moment('location_vote_deadline'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** Which rule chose `location_id`: `vote`, `ping` (lowest median ping), `lowest_id` or `fixed`. */
    locationDecidedBy: varchar('location_decided_by', { length: 16 }),

    // Map veto (status 2): the side that is "team A" of the ban/pick order, the step index, its deadline.
    vetoFirstSide: smallint('veto_first_side'),
    vetoStep: smallint('veto_step').notNull().default(0),
    vetoDeadline: moment('veto_deadline'),

    // Score (statuses 4, 8, 5): series score in maps won, who entered it, when it is approved by default.
    challengerScore: smallint('challenger_score'),
    opponentScore: smallint('opponent_score'),
    scoreEnteredBySide: smallint('score_entered_by_side'),
    scoreEnteredByUserId: integer('score_entered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    scoreEnteredAt: moment('score_entered_at'),
    /** The score was entered by the system from the game server's log (docs/game-servers.md). */
    scoreFromLog: boolean('score_from_log').notNull().default(false),
    scoreApprovalDeadline: moment('score_approval_deadline'),
    scoreApprovedByUserId: integer('score_approved_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),

    // Result: 1 | 2, or 0 for a draw; `forfeit` when decided by a missed ready check or an admin's walkover.
    winnerSide: smallint('winner_side'),
    forfeit: boolean('forfeit').notNull().default(false),
    /** An admin awarded the result (a named winner or a walkover): their reason, shown in the room. */
    awardReason: varchar('award_reason', { length: 500 }),
    awardedByUserId: integer('awarded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Rating change applied to each side's team (ladder, tournament); players' changes are per player. */
    challengerRatingDelta: integer('challenger_rating_delta'),
    opponentRatingDelta: integer('opponent_rating_delta'),
    /** The challenger's win probability the match was rated with (the opponent's is 1 minus it). */
    challengerWinProbability: doublePrecision('challenger_win_probability'),
    finishedAt: moment('finished_at'),

    // Cancellation (status 7): who, when and why ('declined', 'cancelled', 'ready-timeout', 'admin', ...).
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: moment('cancelled_at'),
    cancelReason: varchar('cancel_reason', { length: 32 }),

    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('matches_status_idx').on(t.statusId),
    index('matches_ladder_idx').on(t.ladderId, t.createdAt),
    index('matches_solo_queue_idx').on(t.soloQueueId, t.createdAt),
    index('matches_challenger_team_idx').on(t.challengerTeamId, t.createdAt),
    index('matches_opponent_team_idx').on(t.opponentTeamId, t.createdAt),
    uniqueIndex('matches_bracket_slot_unique').on(t.tournamentId, t.tournamentRound, t.bracketPosition),
    index('matches_next_match_idx').on(t.nextMatchId),
    // The matches still open (not finished 5 or cancelled 7): a small slice of a large history, which the
    // Active games panel and a team's busy players scan instead of every match.
    index('matches_active_idx')
      .on(t.id)
      .where(sql`${t.statusId} not in (5, 7)`),
    // The open matches a user captains (the Active games panel): the same slice, by captain.
    index('matches_active_challenger_captain_idx')
      .on(t.challengerCaptainId)
      .where(sql`${t.statusId} not in (5, 7)`),
    index('matches_active_opponent_captain_idx')
      .on(t.opponentCaptainId)
      .where(sql`${t.statusId} not in (5, 7)`),
    // Sweeper lookups: one partial index per clock, so each scan touches only due candidates.
    index('matches_start_due_idx')
      .on(t.startDate)
      .where(sql`${t.statusId} = 3`),
    // The reminder sweep: agreed starts not reminded yet.
    index('matches_reminder_due_idx')
      .on(t.startDate)
      .where(sql`${t.timeAgreed} and ${t.startRemindedAt} is null and ${t.statusId} = 3`),
    index('matches_ready_due_idx')
      .on(t.readyDeadline)
      .where(sql`${t.statusId} = 9`),
    index('matches_pick_due_idx')
      .on(t.pickDeadline)
      .where(sql`${t.statusId} = 10`),
    index('matches_location_due_idx')
      .on(t.locationVoteDeadline)
      .where(sql`${t.statusId} = 11`),
    index('matches_veto_due_idx')
      .on(t.vetoDeadline)
      .where(sql`${t.statusId} = 2`),
    index('matches_score_due_idx')
      .on(t.scoreApprovalDeadline)
      .where(sql`${t.statusId} = 8`),
    check('matches_status_valid', sql`${t.statusId} between 1 and 11`),
    check('matches_best_of_valid', sql`${t.bestOf} in (1, 3, 5)`),
    check('matches_team_size_valid', sql`${t.teamSize} between 1 and 16`),
    check(
      'matches_competition_matches_type',
      sql`(${t.type} = 'ladder') = (${t.ladderId} is not null)
        and (${t.type} = 'tournament') = (${t.tournamentId} is not null)
        and (${t.type} = 'solo-queue') = (${t.soloQueueId} is not null)`,
    ),
    check('matches_distinct_teams', sql`${t.challengerTeamId} <> ${t.opponentTeamId}`),
    check(
      'matches_sides_valid',
      sql`coalesce(${t.pickerSide}, 1) in (1, 2) and coalesce(${t.vetoFirstSide}, 1) in (1, 2)
        and coalesce(${t.scoreEnteredBySide}, 1) in (1, 2) and coalesce(${t.nextMatchSide}, 1) in (1, 2)
        and coalesce(${t.winnerSide}, 0) in (0, 1, 2)`,
    ),
    check(
      'matches_scores_non_negative',
      sql`coalesce(${t.challengerScore}, 0) >= 0 and coalesce(${t.opponentScore}, 0) >= 0`,
    ),
  ],
);

export type MatchRow = typeof matches.$inferSelect;
export type NewMatchRow = typeof matches.$inferInsert;
