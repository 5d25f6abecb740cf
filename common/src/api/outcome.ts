// How a match ended, in words (common/src/match/outcome.ts), and its played maps' scores: the match detail's
// `outcome`, so a finished or cancelled room explains itself beside the spec's status name.
import { z } from 'zod';
import { OUTCOME_KINDS } from '../match/outcome.ts';

/** One played map's score in a finished room (`firstScore` the challenger's). */
export const outcomeMapSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameCmd: z.string(),
  firstScore: z.number().nullable(),
  secondScore: z.number().nullable(),
});
export type OutcomeMap = z.infer<typeof outcomeMapSchema>;

/** How the match ended (finished or cancelled), in words, and the played maps' scores. */
export const matchOutcomeSchema = z
  .object({
    kind: z.enum(OUTCOME_KINDS),
    /** "Red Dragons won", "Walkover: Northern Wolves did not show", "Declined by Northern Wolves", ... */
    headline: z.string(),
    /** "Result awarded by admin: {reason}" for a result an admin awarded, else null. */
    detail: z.string().nullable(),
    /** Said when the ratings did not move as usual ("A walkover does not change ratings."). */
    ratingsNote: z.string().nullable(),
    /** Whether this result moved ratings (false for walkovers and cancellations). */
    rated: z.boolean(),
    maps: z.array(outcomeMapSchema),
  })
  .meta({ id: 'MatchOutcome' });
export type MatchOutcomeView = z.infer<typeof matchOutcomeSchema>;
