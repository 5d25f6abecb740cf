import { z } from 'zod';

const score = (field: string) => z.number({ error: `The ${field} must be a number or empty.` }).nullable();

/** `POST /api/v1/match-detail/score/form/{matchId}`: one pair per played map, `id` = the match map id. */
export const scoreSheetSchema = z.object({
  scores: z
    .array(
      z.object({
        id: z.number({ error: 'The map id must be a number.' }).int().positive(),
        firstScore: score('first score'),
        secondScore: score('second score'),
      }),
      { error: 'The scores field is required.' },
    )
    .min(1, { error: 'The scores field is required.' })
    .max(9),
});

export type ScoreSheetInput = z.output<typeof scoreSheetSchema>;

/** `POST .../approve`: `approve` 1 (approve) or 0 (disapprove); booleans and "1"/"0" are accepted too. */
export const approveSchema = z.object({
  approve: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], {
    error: 'The approve field must be 1 or 0.',
  }),
});
