// Results an admin awards, and how a match ended in words. `POST /api/v1/admin/matches/{id}/award` finishes a
// match that has no result yet: a named winner (or a draw where the competition allows it), with the played
// maps' scores or without, or a walkover; `GET` of the same path says what the admin may choose. How a
// match ended, in words, is `MatchOutcome` (outcome.ts), on the match detail and the match history.
import { z } from 'zod';
import { AWARD_REASON_MAX } from '../match/award.ts';
import { statusIdSchema } from './matches.ts';
import { dataOf, trimText } from './primitives.ts';
import { scoreSheetRows } from './scores.ts';

const side = z.enum(['challenger', 'opponent'], { error: "The side must be 'challenger' or 'opponent'." });

const reason = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'The reason field is required.'
        : 'The reason field must be a string.',
  })
  .overwrite(trimText)
  .min(1, { error: 'The reason field is required.' })
  .max(AWARD_REASON_MAX, {
    error: `The reason field must not be greater than ${String(AWARD_REASON_MAX)} characters.`,
  })
  // eslint-disable-next-line no-control-regex -- line breaks are refused too: the reason is one line
  .refine((value) => !/[\u0000-\u001F\u007F-\u009F]/.test(value), {
    error: 'The reason field must be one line of text.',
  });

/**
 * `POST /api/v1/admin/matches/{id}/award`: `result` names the winner (`draw` where draws are allowed) and
 * may carry one score pair per played map (`id` = the match map id, as in the score form; `firstScore` the
 * challenger's); `walkover` names the side that did not show.
 */
export const awardBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('result'),
      winner: z.enum(['challenger', 'opponent', 'draw'], {
        error: "The winner must be 'challenger', 'opponent' or 'draw'.",
      }),
      scores: scoreSheetRows.max(9).nullable().optional(),
      reason,
    }),
    z.object({ kind: z.literal('walkover'), absent: side, reason }),
  ],
  { error: "The kind field must be 'result' or 'walkover'." },
);
export type AwardInput = z.input<typeof awardBody>;

export const awardAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), statusId: statusIdSchema }),
});
export type AwardAnswer = z.infer<typeof awardAnswer>;

/** `GET /api/v1/admin/matches/{id}/award`: what the award dialog offers for this match. */
export const awardOptionsSchema = z
  .object({
    matchId: z.number(),
    /** Whether a result may be awarded now; else `refusal` says why (finished, disputed, ...). */
    canAward: z.boolean(),
    refusal: z.string().nullable(),
    challenger: z.object({ name: z.string() }),
    opponent: z.object({ name: z.string() }),
    drawsAllowed: z.boolean(),
    /** The most a team can score on a map. */
    maxMapScore: z.number(),
    /** The played maps in play order, with the scores known so far (entered, else read from the log). */
    maps: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        firstScore: z.number().nullable(),
        secondScore: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'AwardOptions' });
export type AwardOptions = z.infer<typeof awardOptionsSchema>;
export const awardOptionsAnswer = dataOf(awardOptionsSchema);
