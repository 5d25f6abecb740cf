// Stuck matches: open matches that nothing moves on (no clock, no pending effect, nobody who must act) for
// longer than the platform's thresholds, with why. Admin only (401 signed out, 403 to players).
import { z } from 'zod';
import { matchTypeSchema, statusIdSchema } from './matches.ts';
import { dataOf, isoDateTime } from './primitives.ts';

export const stuckMatchSchema = z
  .object({
    matchId: z.number(),
    /** `/match/{id}` */
    url: z.string(),
    type: matchTypeSchema,
    statusId: statusIdSchema,
    statusName: z.string(),
    challengerTeamName: z.string().nullable(),
    opponentTeamName: z.string().nullable(),
    /** Since when the match has waited on what it is stuck on. */
    since: isoDateTime,
    /** The kind of stall, stable while it lasts (`2:clock-missing`); admins are notified once per key. */
    reasonKey: z.string(),
    /** Why, for a person ("In Map veto for 40 minutes with no clock"). */
    reason: z.string(),
  })
  .meta({ id: 'StuckMatch' });
export type StuckMatch = z.infer<typeof stuckMatchSchema>;

/** `GET /api/v1/admin/stuck-matches`: longest stuck first. */
export const stuckMatchesAnswer = dataOf(z.array(stuckMatchSchema));
export type StuckMatchesAnswer = z.infer<typeof stuckMatchesAnswer>;
