// Disputes and their tickets: whether the viewer may dispute, opening a dispute, the ticket page with its
// messages, writing on it, and an admin's resolution.
import { z } from 'zod';
import { statusIdSchema } from './matches.ts';
import { dataOf, idParam, isoDateTime, messageAnswer, requiredText } from './primitives.ts';
import { scoreSheetRows } from './scores.ts';

export const disputeMatchParams = z.object({ matchId: idParam('Match') });
export const ticketIdParams = z.object({ id: idParam('Ticket') });

/** `GET /api/v1/match-detail/dispute/{matchId}/can-dispute` */
export const canDisputeSchema = z
  .object({
    canDispute: z.boolean(),
    /** The match's ticket once a dispute was opened. */
    ticket: z.object({ id: z.number() }).nullable(),
  })
  .meta({ id: 'CanDispute' });
export type CanDispute = z.infer<typeof canDisputeSchema>;

/** `POST /api/v1/match-detail/dispute/{matchId}`: the reason, 1 to 2,000 characters after trimming, no control characters. */
export const disputeBody = z.object({ description: requiredText('description', 2000) });

export const openDisputeAnswer = z.object({
  message: z.string(),
  data: z.object({ ticket: z.object({ id: z.number() }) }),
});

/** `POST /api/v1/tickets/{id}/messages`: plain text, 1 to 5,000 characters after trimming, no control characters. */
export const ticketMessageBody = z.object({ message: requiredText('message', 5000) });

/** `POST /api/v1/tickets/{id}/resolve`: a final score (same sheet as the score form) or a cancellation. */
export const resolveTicketBody = z.discriminatedUnion(
  'result',
  [
    z.object({
      result: z.literal('score'),
      scores: scoreSheetRows.min(1).max(9),
      note: z.string().max(2000).optional(),
    }),
    z.object({ result: z.literal('cancel'), note: z.string().max(2000).optional() }),
  ],
  { error: "The result field must be 'score' or 'cancel'." },
);
export type ResolveInput = z.output<typeof resolveTicketBody>;
/** What the web posts to resolve (the body's input side). */
export type Resolution = z.input<typeof resolveTicketBody>;

/** Who wrote: the account, or only its id when the account is gone from the match's users. */
export const ticketPersonSchema = z
  .object({ id: z.number(), username: z.string().optional(), formattedUsername: z.string().optional() })
  .meta({ id: 'TicketPerson' });
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

/** One message on the ticket; plain text, rendered as text. */
export const ticketMessageSchema = z
  .object({
    id: z.number(),
    message: z.string(),
    user: ticketPersonSchema.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** `GET /api/v1/tickets/{id}`: the dispute, its match and messages (players of the match and admins). */
export const ticketSchema = z
  .object({
    id: z.number(),
    status: z.enum(['open', 'resolved']),
    /** Plain text. */
    description: z.string(),
    resolution: z.enum(['score', 'cancelled']).nullable(),
    resolutionNote: z.string().nullable(),
    createdAt: isoDateTime,
    resolvedAt: isoDateTime.nullable(),
    openedBy: ticketPersonSchema.nullable(),
    match: z.object({
      id: z.number(),
      url: z.string(),
      statusId: statusIdSchema,
      statusName: z.string(),
      challengerName: z.string(),
      opponentName: z.string(),
      score: z.object({ challenger: z.number().nullable(), opponent: z.number().nullable() }),
    }),
    messages: z.array(ticketMessageSchema),
    canResolve: z.boolean(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;

export const canDisputeAnswer = dataOf(canDisputeSchema);
export const ticketAnswer = dataOf(ticketSchema);
export const ticketMessageAnswer = dataOf(ticketMessageSchema);
/** Resolving answers `{message}`. */
export const resolveTicketAnswer = messageAnswer;
