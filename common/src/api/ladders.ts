// Ladders: the list, a ladder's standings with the viewer's challenge flags, joining, and challenges.
// Accepting, declining and cancelling a challenge are match commands (see matches.ts).
import { z } from 'zod';
import { STATUS } from '../match/statuses.ts';
import { teamLinkSchema } from './teams.ts';
import { dataOf, idField, idParam, isoDateTime, lineupIds, slugParam } from './primitives.ts';

/** A ladder by slug, or by id (the challenge API names ladders by id). */
export const ladderKeyParams = z.object({ slug: slugParam('Ladder') });
export const ladderIdParams = z.object({ ladderId: idParam('Ladder') });

/** A team the viewer captains. */
export const captainedTeamSchema = z
  .object({ id: z.number(), name: z.string(), slug: z.string() })
  .meta({ id: 'CaptainedTeam' });
export type CaptainedTeam = z.infer<typeof captainedTeamSchema>;

export const ladderSummarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    teamSize: z.number(),
    /** A closed ladder keeps its standings but takes no new teams or challenges. */
    isActive: z.boolean(),
    teamsCount: z.number(),
  })
  .meta({ id: 'LadderSummary' });
export type LadderSummary = z.infer<typeof ladderSummarySchema>;

/** `GET /api/v1/ladders` */
export const laddersAnswer = dataOf(z.array(ladderSummarySchema));

export const standingSchema = z.object({
  rank: z.number(),
  team: teamLinkSchema,
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
  joinedAt: isoDateTime,
  isOwnTeam: z.boolean(),
  /** The viewer captains a team on the ladder that may challenge this one now. */
  canChallenge: z.boolean(),
});
export type Standing = z.infer<typeof standingSchema>;

/** A ladder season (docs/competitions.md): `current` from its start until it ends or the next one starts. */
export const ladderSeasonSchema = z
  .object({
    number: z.number(),
    name: z.string(),
    startsAt: isoDateTime,
    endsAt: isoDateTime.nullable(),
    status: z.enum(['upcoming', 'current', 'finished']),
  })
  .meta({ id: 'LadderSeason' });
export type LadderSeason = z.infer<typeof ladderSeasonSchema>;

/** A finished season's final table (rank 1 = best rating). */
export const seasonStandingSchema = z.object({
  rank: z.number(),
  team: teamLinkSchema,
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
});
export type SeasonStanding = z.infer<typeof seasonStandingSchema>;

export const ladderSeasonParams = z.object({
  slug: slugParam('Ladder'),
  number: idParam('Season'),
});

/** `GET /api/v1/ladders/{slug}/seasons/{number}`: a finished season's final standings (empty until it ends). */
export const ladderSeasonAnswer = dataOf(
  z.object({ season: ladderSeasonSchema, standings: z.array(seasonStandingSchema) }),
);
export type LadderSeasonTable = z.infer<typeof ladderSeasonAnswer>['data'];

/** `GET /api/v1/ladders/{slug}`: standings by rating. */
export const ladderPageSchema = ladderSummarySchema
  .extend({
    standings: z.array(standingSchema),
    /** Oldest first; the standings above are the current season's. */
    seasons: z.array(ladderSeasonSchema),
    viewer: z.object({
      /** Teams the viewer may challenge with (the challenge body's `teamId`). */
      challengerTeams: z.array(captainedTeamSchema),
      /** Teams the viewer captains that may still join (`POST .../join {teamId}`). */
      joinableTeams: z.array(captainedTeamSchema),
    }),
  })
  .meta({ id: 'LadderPage' });
export type LadderPage = z.infer<typeof ladderPageSchema>;
export const ladderPageAnswer = dataOf(ladderPageSchema);

/** `POST /api/v1/ladders/{slug}/join`: which captained team joins (needed when there are several). */
export const joinLadderBody = z.object({ teamId: idField.optional() });
export type JoinLadderInput = z.input<typeof joinLadderBody>;

/** 201 */
export const joinLadderAnswer = z.object({
  message: z.string(),
  data: z.object({ ladderId: z.number(), teamId: z.number() }),
});
export type JoinLadderAnswer = z.infer<typeof joinLadderAnswer>;

const challengeId = (field: string) =>
  z.coerce
    .number({ error: `The ${field} field is required.` })
    .int({ error: `The ${field} field must be an integer.` })
    .positive({ error: `The ${field} field is required.` });

/** `POST /api/v1/ladders/{ladderId}/challenges` */
export const challengeBody = z.object({
  opponentTeamId: challengeId('opponent team id'),
  /** Which of the challenger's teams, when the user captains more than one team on the ladder. */
  teamId: challengeId('team id').optional(),
  bestOf: z
    .union([z.literal(1), z.literal(3), z.literal(5)], { error: 'The best of field must be 1, 3 or 5.' })
    .default(1),
  /** ISO 8601; absent or null = as soon as the challenge is accepted. */
  startDate: z.iso
    .datetime({ offset: true, error: 'The start date field must be an ISO 8601 date and time.' })
    .nullish(),
  /** The challenger's lineup (user ids from the roster); absent = the roster, when it has the team size. */
  lineup: lineupIds.optional(),
});
export type ChallengeInput = z.input<typeof challengeBody>;

/** 201: the new match, in status 1 (challenge). */
export const challengeAnswer = dataOf(z.object({ id: z.number(), statusId: z.literal(STATUS.challenge) }));
export type ChallengeAnswer = z.infer<typeof challengeAnswer>;
