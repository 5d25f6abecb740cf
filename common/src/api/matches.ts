// The match room's core answers: the veto-shaped match (`GET /api/v1/match/{id}`, also carried by
// `OnMatchMapChange`), the match detail page, the status buttons' flags, the status commands and the
// server box. The server's presenters return these types; the web imports them.
import { z } from 'zod';
import { LOCATION_DECIDED_BY } from '../match/state.ts';
import { MATCH_TYPES, STATUS_IDS } from '../match/statuses.ts';
import { matchOutcomeSchema } from './outcome.ts';
import { dataOf, idParam, isoDateTime, lineupIds, messageAnswer } from './primitives.ts';

/** A match status id (see `common/src/match/statuses.ts`). */
export const statusIdSchema = z.literal(STATUS_IDS);
export const matchTypeSchema = z.enum(MATCH_TYPES);

export const matchIdParams = z.object({ id: idParam('Match') });
export const matchIdParamsNamed = z.object({ matchId: idParam('Match') });
export const vetoSelectParams = z.object({ matchId: idParam('Match'), mapId: idParam('Map') });
export const readyParams = z.object({
  id: idParam('Match'),
  ready: z.enum(['0', '1'], { error: 'Not found.' }),
});

/** One map of the veto. */
export const vetoMapEntrySchema = z
  .object({
    /** The map's id: the `{mapId}` of `POST /api/v1/match/{matchId}/map/{mapId}`. */
    id: z.number(),
    map: z.object({ name: z.string(), name_cmd: z.string(), image: z.string() }),
    pickedByTeamId: z.number().nullable(),
    pickedByTeamName: z.string().nullable(),
    /** -1 = banned by the system. */
    removedByTeamId: z.number().nullable(),
    removedByTeamName: z.string().nullable(),
    deciderMap: z.boolean(),
    /** Play order of a picked map or the decider (1-based), else null. */
    mapOrder: z.number().nullable(),
    /** The veto step that took the map; null while it is still in play. */
    mapIndex: z.number().nullable(),
    /**
     * The system chose this map when the turn timed out: from the team's saved map preferences
     * ('preferences'), or by a seeded draw ('system'); null when a captain chose.
     */
    autoReason: z.enum(['preferences', 'system']).nullable(),
  })
  .meta({ id: 'VetoMapEntry' });

const teamTag = z.object({ id: z.number(), tag: z.string() });
const captain = z.object({ id: z.number(), username: z.string() }).nullable();

/** The veto-shaped match (spec "Match (veto)"): the same for every viewer. */
export const vetoMatchSchema = z
  .object({
    id: z.number(),
    statusId: statusIdSchema,
    detail: z.object({
      type: matchTypeSchema,
      bestOf: z.number(),
      /** Team A of the veto order (acts first); see docs/match-room.md, "Map veto". */
      teamA: z.object({ teamId: z.number(), name: z.string() }),
      order: z.array(z.object({ teamId: z.number(), action: z.enum(['ban', 'pick']) })),
    }),
    scores: z.object({ challenger: z.number().nullable(), opponent: z.number().nullable() }),
    /** Unix seconds: deadline of the current veto turn; null outside the veto. */
    timeRemaining: z.number().nullable(),
    maps: z.array(vetoMapEntrySchema),
    challengerTeam: teamTag,
    opponentTeam: teamTag,
    challengerUser: captain,
    opponentUser: captain,
    vetoDetail: z
      .object({ userId: z.number(), teamId: z.number(), step: z.enum(['ban', 'pick']) })
      .nullable(),
  })
  .meta({ id: 'VetoMatch' });
export type VetoMapEntry = z.infer<typeof vetoMapEntrySchema>;
export type VetoMatch = z.infer<typeof vetoMatchSchema>;

const detailPlayer = z.object({
  id: z.number(),
  username: z.string(),
  image: z.string().nullable(),
  flag: z.string().nullable(),
  /** Sanitized HTML. */
  formattedUsername: z.string(),
  /** Sanitized HTML. */
  formattedClassName: z.string().nullable(),
  elo: z.number(),
  /** The rating model is still unsure of this player (σ above the provisional threshold). */
  provisional: z.boolean(),
  config: z.string().nullable(),
});

export const matchDetailTeamSchema = z.object({
  name: z.string(),
  /** 'Team A' acts first in the veto. */
  side: z.enum(['Team A', 'Team B']),
  ready: z.boolean(),
  slug: z.string().nullable(),
  elo: z.number(),
  /** A team side: the model is still unsure of the team's rating. A solo-queue side: false. */
  provisional: z.boolean(),
  players: z.array(detailPlayer),
});

export const scoreTeamSchema = z.object({
  name: z.string(),
  url: z.string().nullable(),
  score: z.number().nullable(),
  scoreClass: z.string(),
  winElo: z.number(),
  lossElo: z.number(),
});

export const winProbabilitySchema = z.object({
  challenger: z.number().min(0).max(1),
  opponent: z.number().min(0).max(1),
});
export type WinProbability = z.infer<typeof winProbabilitySchema>;

/** `GET /api/v1/match-detail/{id}`: the detail page, shaped for the viewer. */
export const matchDetailSchema = z
  .object({
    id: z.number(),
    type: matchTypeSchema,
    statusId: statusIdSchema,
    bestOf: z.number(),
    /** Matches with an id at or above this use the newer veto badge wording. */
    newMatchHandling: z.number(),
    /** Whether the viewer may write in the chat. */
    canType: z.boolean(),
    teams: z.object({ challenger: matchDetailTeamSchema, opponent: matchDetailTeamSchema }),
    /**
     * Each side's chance to win (0..1, summing to 1) from the rating model: before the result on the
     * current ratings, after it the probability the match was rated with.
     */
    winProbability: winProbabilitySchema,
    /** The ready check's deadline (status 9), or null outside it: the phase bar's clock. */
    readyDeadline: isoDateTime.nullable(),
    /** When an unanswered score is approved on its own (status 8), or null outside it. */
    scoreApprovalDeadline: isoDateTime.nullable(),
    /**
     * Which rule chose the server location: `vote` (most votes), `ping` (nobody voted or the vote tied:
     * the lowest median ping the players' browsers measured), `lowest_id` (no pings either) or `fixed`
     * (the competition's fixed location); null until a location is chosen.
     */
    locationDecidedBy: z.enum(LOCATION_DECIDED_BY).nullable(),
    information: z.object({
      startTitle: z.string(),
      startDate: isoDateTime,
      playerBaseCount: z.string(),
      mapSelection: z.string(),
      statusName: z.string(),
    }),
    score: z.object({
      challengerTeam: scoreTeamSchema,
      opponentTeam: scoreTeamSchema,
      canShowElo: z.boolean(),
      canShowScore: z.boolean(),
      label: z.object({ title: z.string(), url: z.string().nullable() }),
      /** The series ended level (finished, in a competition that allows draws). */
      draw: z.boolean(),
    }),
    /**
     * How the match ended, in words, beside the spec's `statusName` (a walkover, a declined challenge, a
     * result an admin awarded and why), with the played maps' scores; null until it is finished or
     * cancelled.
     */
    outcome: matchOutcomeSchema.nullable(),
  })
  .meta({ id: 'MatchDetail' });
export type MatchDetailTeam = z.infer<typeof matchDetailTeamSchema>;
export type MatchDetailPlayer = z.infer<typeof detailPlayer>;
export type ScoreTeam = z.infer<typeof scoreTeamSchema>;
export type MatchDetail = z.infer<typeof matchDetailSchema>;

/** `GET /api/v1/match-detail/status/{id}/actions`: the status buttons the viewer may press. */
export const statusActionsSchema = z
  .object({
    canSetReady: z.boolean(),
    canSetUnready: z.boolean(),
    canDeclineMatch: z.boolean(),
    canCancelMatch: z.boolean(),
    canAcceptMatch: z.boolean(),
    /**
     * Why the viewer's next step (Accept in 1, Ready in 9) is not offered now, in the words the command
     * would refuse with: a team too small to play, an incomplete lineup, a player still playing another
     * match (docs/league-rules.md). Null when it is offered or is not the viewer's to take.
     */
    blockedReason: z.string().nullable(),
  })
  .meta({ id: 'StatusActions' });
export type StatusActions = z.infer<typeof statusActionsSchema>;

/** `GET /api/v1/match/{id}/server`: the server box. */
/** Why a map was restarted at its score (the room's words: web's `restore-notice.tsx`). */
export const restoreReasonSchema = z.enum(['crash', 'moved', 'admin']);
export type RestoreReason = z.infer<typeof restoreReasonSchema>;

/** A map restarted at its score ("Map restored at 7:5 after a server crash"): challenger's rounds first. */
export const matchRestoreSchema = z
  .object({ reason: restoreReasonSchema, firstScore: z.number(), secondScore: z.number(), at: isoDateTime })
  .meta({ id: 'MatchRestore' });
export type MatchRestore = z.infer<typeof matchRestoreSchema>;

export const matchServerSchema = z
  .object({
    gameServerUuid: z.string().nullable(),
    /** Only for the match's players and admins. */
    connectionString: z.string().nullable(),
    serverAvailable: z.boolean(),
    canSeeServer: z.boolean(),
    matchState: statusIdSchema,
    locationIcon: z.string().nullable(),
    /** The server location's city ("Frankfurt") and country ("Germany"), or null before one is chosen. */
    locationCity: z.string().nullable(),
    locationCountry: z.string().nullable(),
    /** Clients the roster lock kicked from the match's server, newest first (players and admins only). */
    kicks: z.array(
      z
        .object({ name: z.string(), playerId: z.string(), reason: z.string(), at: z.string() })
        .meta({ id: 'ServerKick' }),
    ),
    /**
     * Lineup players missing from the live server's `status` (status 4, players and admins only), longest away
     * first: the room shows "player3 left the server 1:20 ago", counting from `leftAt` (ISO 8601).
     */
    absences: z.array(
      z
        .object({ userId: z.number(), username: z.string(), leftAt: z.string() })
        .meta({ id: 'ServerAbsence' }),
    ),
    /** The match's latest map restored at its score, or null. */
    restore: matchRestoreSchema.nullable(),
  })
  .meta({ id: 'MatchServer' });
export type MatchServer = z.infer<typeof matchServerSchema>;

export const vetoMatchAnswer = dataOf(vetoMatchSchema);
export const matchDetailAnswer = dataOf(matchDetailSchema);
export const statusActionsAnswer = dataOf(statusActionsSchema);
export const matchServerAnswer = dataOf(matchServerSchema);
/** Status commands answer `{message}` with the spec's text. */
export const commandAnswer = messageAnswer;
/**
 * A veto turn (`POST /api/v1/match/{matchId}/map/{mapId}`) answers its `{message}` and the match after the
 * turn, the same `data` as `GET /api/v1/match/{id}` and `OnMatchMapChange`'s `match`: the clicking tab,
 * which that broadcast leaves out, takes it from here instead of refetching.
 */
export const vetoSelectAnswer = z
  .object({ message: z.string(), data: vetoMatchSchema })
  .meta({ id: 'VetoSelectAnswer' });
export type VetoSelectAnswer = z.infer<typeof vetoSelectAnswer>;

// Lineups (ladder and tournament matches) ---------------------------------------------------------------

/** `POST /api/v1/match-detail/status/{id}/accept`: the accepting captain may set their lineup at once. */
export const acceptBody = z.object({ lineup: lineupIds.optional() });

/** `POST /api/v1/match-detail/lineup/{id}`: the captain's lineup. */
export const lineupBody = z.object({ lineup: lineupIds });

const lineupSideSchema = z.object({
  name: z.string(),
  /** Players the lineup needs: the team size, or the whole roster when it is smaller. */
  size: z.number(),
  complete: z.boolean(),
  players: z.array(z.object({ id: z.number(), username: z.string() })),
});

/** `GET /api/v1/match-detail/lineup/{id}`: both lineups, and for a captain who may still edit, the roster. */
export const lineupSchema = z
  .object({
    teamSize: z.number(),
    challenger: lineupSideSchema,
    opponent: lineupSideSchema,
    /** The viewer may set their side's lineup now (captain, before the veto). */
    canEdit: z.boolean(),
    /** The viewer's side (1 challenger, 2 opponent), when a captain. */
    side: z.union([z.literal(1), z.literal(2)]).nullable(),
    /** The viewer's team roster (captains only, else empty), with who is in the lineup now. */
    roster: z.array(
      z.object({
        id: z.number(),
        username: z.string(),
        formattedUsername: z.string(),
        inLineup: z.boolean(),
        /** Already in the other side's lineup: cannot be chosen. */
        inOtherLineup: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'MatchLineups' });
export type MatchLineups = z.infer<typeof lineupSchema>;
export const lineupAnswer = dataOf(lineupSchema);
