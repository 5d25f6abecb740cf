// Substitutes: the Add Sub button, the candidates a captain may add, and adding one.
import { z } from 'zod';
import { dataOf, idParam, MAX_ID, messageAnswer } from './primitives.ts';

export const subMatchParams = z.object({ matchId: idParam('Match') });
export const addSubParams = z.object({ matchId: idParam('Match'), userId: idParam('User') });

/** `GET /api/v1/match-detail/sub/{matchId}/access` */
export const subAccessSchema = z.object({ showButton: z.boolean() }).meta({ id: 'SubAccess' });
export type SubAccess = z.infer<typeof subAccessSchema>;

/** A player the captain may add: a team member not in the match, or a player waiting in the solo-queue. */
export const subCandidateSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    /** Sanitized HTML. */
    formattedUsername: z.string(),
    image: z.string().nullable(),
    flag: z.string().nullable(),
  })
  .meta({ id: 'SubCandidate' });
export type SubCandidateView = z.infer<typeof subCandidateSchema>;

export const subAccessAnswer = dataOf(subAccessSchema);
/**
 * `GET /api/v1/match-detail/sub/{matchId}` (a captain of the match): the bench, and in `meta.replaceable`
 * the captain's lineup players a substitute may replace.
 */
export const subCandidatesAnswer = z.object({
  data: z.array(subCandidateSchema),
  meta: z.object({ replaceable: z.array(z.object({ id: z.number(), username: z.string() })) }),
});
export type SubCandidates = z.infer<typeof subCandidatesAnswer>;

/** `POST /api/v1/match-detail/sub/{matchId}/{userId}`: the lineup player the substitute replaces. */
export const addSubBody = z.object({
  replacesUserId: z
    .number({ error: 'The replaces user id field must be a player id.' })
    .int()
    .positive()
    .max(MAX_ID)
    .optional(),
});
export const addSubAnswer = messageAnswer;
