// The header's Active games panel: the signed-in user's matches that are not finished or cancelled.
import { z } from 'zod';
import { statusIdSchema } from './matches.ts';
import { isoDateTime } from './primitives.ts';

/** One row of the panel (spec: User active match). */
export const activeMatchSchema = z
  .object({
    id: z.number(),
    tournamentId: z.number().nullable(),
    startDate: isoDateTime.nullable(),
    expectedStartDate: isoDateTime.nullable(),
    createdAt: isoDateTime,
    /** Null when the side is not known yet (a bracket slot); the panel shows TBD. */
    challengerTeamName: z.string().nullable(),
    opponentTeamName: z.string().nullable(),
    statusId: statusIdSchema,
  })
  .meta({ id: 'ActiveMatch' });
export type ActiveMatch = z.infer<typeof activeMatchSchema>;

/**
 * The page of the panel. The spec reads `data.data` as the list and `data.data.userActiveMatchesCount` as
 * the badge count (axios' `response.data.data`), so the list, the count and the page numbers sit side by
 * side in the inner object.
 */
export const activeMatchesPageSchema = z
  .object({
    data: z.array(activeMatchSchema),
    userActiveMatchesCount: z.number(),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
  })
  .meta({ id: 'ActiveMatchesPage' });
export type ActiveMatchesPage = z.infer<typeof activeMatchesPageSchema>;

/** `GET /api/v1/match/user-active-matches?page=n` */
export const activeMatchesAnswer = z.object({ data: activeMatchesPageSchema });
