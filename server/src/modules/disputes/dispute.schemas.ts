import { z } from 'zod';

/** `POST /api/v1/match-detail/dispute/{matchId}`: the reason, 1 to 2,000 characters after trimming. */
export const disputeSchema = z.object({
  description: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The description field is required.'
          : 'The description field must be a string.',
    })
    .trim()
    .min(1, { error: 'The description field is required.' })
    .max(2000, { error: 'The description field must not be greater than 2000 characters.' }),
});

/** `POST /api/v1/tickets/{id}/messages`: plain text, 1 to 5,000 characters after trimming. */
export const ticketMessageSchema = z.object({
  message: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The message field is required.'
          : 'The message field must be a string.',
    })
    .trim()
    .min(1, { error: 'The message field is required.' })
    .max(5000, { error: 'The message field must not be greater than 5000 characters.' }),
});

const sheet = z.array(
  z.object({
    id: z.number({ error: 'The map id must be a number.' }).int().positive(),
    firstScore: z.number({ error: 'The first score must be a number or empty.' }).nullable(),
    secondScore: z.number({ error: 'The second score must be a number or empty.' }).nullable(),
  }),
  { error: 'The scores field is required.' },
);

/** `POST /api/v1/tickets/{id}/resolve`: a final score (same sheet as the score form) or a cancellation. */
export const resolveSchema = z.discriminatedUnion(
  'result',
  [
    z.object({
      result: z.literal('score'),
      scores: sheet.min(1).max(9),
      note: z.string().max(2000).optional(),
    }),
    z.object({ result: z.literal('cancel'), note: z.string().max(2000).optional() }),
  ],
  { error: "The result field must be 'score' or 'cancel'." },
);

export type ResolveInput = z.output<typeof resolveSchema>;
