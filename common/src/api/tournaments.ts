// Tournaments: the list, a tournament's page with its bracket, sign-up and withdrawal. The bracket is
// drawn by the sweeper at the start time.
import { z } from 'zod';
import { statusIdSchema } from './matches.ts';
import { captainedTeamSchema } from './ladders.ts';
import { idField, dataOf, isoDateTime, slugParam } from './primitives.ts';

export const tournamentSlugParams = z.object({ slug: slugParam('Tournament') });

export const tournamentStatusSchema = z.enum(['upcoming', 'running', 'finished', 'cancelled']);

export const tournamentFormatSchema = z.enum([
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
  'two_stage',
]);

export const tournamentSummarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    status: tournamentStatusSchema,
    teamSize: z.number(),
    maxTeams: z.number().nullable(),
    teamsCount: z.number(),
    bestOf: z.number(),
    /** Best-of of the final, when it differs. */
    finalBestOf: z.number().nullable(),
    startDate: isoDateTime,
    signupDeadline: isoDateTime,
    signupOpen: z.boolean(),
    roundIntervalMinutes: z.number(),
    format: tournamentFormatSchema,
    /** Minutes before the start in which captains check in (0: no check-in). */
    checkInMinutes: z.number(),
    checkInOpen: z.boolean(),
  })
  .meta({ id: 'TournamentSummary' });
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

/** `GET /api/v1/tournaments` */
export const tournamentsAnswer = dataOf(z.array(tournamentSummarySchema));

/** A team in the bracket or the entry list. */
export const bracketTeamSchema = z
  .object({ id: z.number(), name: z.string(), tag: z.string(), slug: z.string(), url: z.string() })
  .meta({ id: 'BracketTeam' });
export type BracketTeam = z.infer<typeof bracketTeamSchema>;

/** One slot of the bracket: a match once both teams are known (`id`), else the teams known so far. */
export const bracketMatchSchema = z
  .object({
    /** Null while the slot waits for its teams, and for a bye. */
    id: z.number().nullable(),
    url: z.string().nullable(),
    statusId: statusIdSchema.nullable(),
    statusName: z.string(),
    bestOf: z.number().nullable(),
    startDate: isoDateTime.nullable(),
    /** Null while the slot waits for the winner (or loser) of an earlier match, or for nobody (bye). */
    challengerTeam: bracketTeamSchema.nullable(),
    opponentTeam: bracketTeamSchema.nullable(),
    challengerScore: z.number().nullable(),
    opponentScore: z.number().nullable(),
    /** 1 challenger, 2 opponent, 0 draw, null not decided (also when both sides were out). */
    winnerSide: z.number().nullable(),
    /** One side has no opponent: the other goes through. */
    bye: z.boolean(),
    /** Decided without play: a side missed the ready check (both: both are out). */
    forfeit: z.boolean(),
  })
  .meta({ id: 'BracketMatch' });
export type BracketMatch = z.infer<typeof bracketMatchSchema>;

export const standingSchema = z
  .object({
    rank: z.number(),
    team: bracketTeamSchema,
    played: z.number(),
    wins: z.number(),
    draws: z.number(),
    losses: z.number(),
    points: z.number(),
    /** Swiss tie-break: the sum of the opponents' wins. */
    buchholz: z.number().nullable(),
  })
  .meta({ id: 'TournamentStanding' });
export type Standing = z.infer<typeof standingSchema>;

export const bracketRoundSchema = z.object({ name: z.string(), matches: z.array(bracketMatchSchema) });
export const bracketGroupSchema = z.object({
  name: z.string(),
  rounds: z.array(bracketRoundSchema),
  /** Round robin groups and Swiss: the table (wins, then the tie-breaks). */
  standings: z.array(standingSchema).nullable(),
});
export const bracketStageSchema = z.object({
  name: z.string(),
  type: z.enum(['single_elimination', 'double_elimination', 'round_robin', 'swiss']),
  groups: z.array(bracketGroupSchema),
});
export type BracketStage = z.infer<typeof bracketStageSchema>;

/** Stages (a two-stage event has two) -> groups (brackets) -> rounds -> matches. Empty before the start. */
export const bracketSchema = z.object({
  format: tournamentFormatSchema,
  stages: z.array(bracketStageSchema),
});
export type Bracket = z.infer<typeof bracketSchema>;

/** `GET /api/v1/tournaments/{slug}` */
export const tournamentPageSchema = tournamentSummarySchema
  .extend({
    startedAt: isoDateTime.nullable(),
    finishedAt: isoDateTime.nullable(),
    winner: bracketTeamSchema.nullable(),
    teams: z.array(
      z.object({
        seed: z.number().nullable(),
        eliminatedInRound: z.number().nullable(),
        signedUpAt: isoDateTime,
        checkedIn: z.boolean(),
        team: bracketTeamSchema.extend({ rating: z.number() }),
      }),
    ),
    bracket: bracketSchema,
    viewer: z.object({
      /** Captained teams that may sign up now (`POST .../signup {teamId}`). */
      signupTeams: z.array(captainedTeamSchema),
      /** Captained teams that are signed up and may still withdraw. */
      withdrawTeams: z.array(captainedTeamSchema),
      /** Captained signed-up teams that may check in now (`POST .../check-in {teamId}`). */
      checkInTeams: z.array(captainedTeamSchema),
    }),
  })
  .meta({ id: 'TournamentPage' });
export type TournamentPage = z.infer<typeof tournamentPageSchema>;
export const tournamentPageAnswer = dataOf(tournamentPageSchema);

/** `POST /api/v1/tournaments/{slug}/signup`, `/withdraw`, `/check-in`: which captained team (needed when several). */
export const tournamentEntryBody = z.object({ teamId: idField.optional() });
export type TournamentEntryInput = z.input<typeof tournamentEntryBody>;

export const tournamentEntryAnswer = z.object({
  message: z.string(),
  data: z.object({ teamId: z.number() }),
});
export type TournamentEntryAnswer = z.infer<typeof tournamentEntryAnswer>;
