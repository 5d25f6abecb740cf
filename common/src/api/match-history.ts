// The recent-match rows of `GET /api/v1/users/{username}` and `GET /api/v1/teams/{slug}`: built by the
// server's match-history presenter, listed by the web app's match history table.
import { z } from 'zod';
import { matchTypeSchema, statusIdSchema } from './matches.ts';
import { isoDateTime } from './primitives.ts';

/** How a finished, disputed or cancelled match ended for one side. */
export const matchResultSchema = z.enum(['win', 'loss', 'draw', 'cancelled', 'disputed']);
export type MatchResult = z.infer<typeof matchResultSchema>;

/** One finished, disputed or cancelled match as a profile or team page lists it, from one side's view. */
export const historyMatchSchema = z
  .object({
    id: z.number(),
    url: z.string(),
    type: matchTypeSchema,
    statusId: statusIdSchema,
    statusName: z.string(),
    /** The finish (or the cancellation, or the creation when neither is known). */
    date: isoDateTime,
    side: z.union([z.literal(1), z.literal(2)]),
    teamName: z.string().nullable(),
    opponentName: z.string().nullable(),
    opponentSlug: z.string().nullable(),
    score: z.number().nullable(),
    opponentScore: z.number().nullable(),
    result: matchResultSchema,
    forfeit: z.boolean(),
    /**
     * How the match ended when the result alone does not say it: "Walkover: {team} did not show",
     * "Result awarded by admin: {reason}", "Declined by {team}", ...; null for a played result.
     */
    outcomeText: z.string().nullable(),
    /** The rating change of the side's team, or of the player for solo-queue. */
    ratingDelta: z.number().nullable(),
    /** Whose rating `ratingDelta` is: the team's (ladder, tournament) or the player's own (solo-queue). */
    ratingOf: z.enum(['team', 'player']),
  })
  .meta({ id: 'HistoryMatch' });
export type HistoryMatch = z.infer<typeof historyMatchSchema>;
