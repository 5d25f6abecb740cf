// `GET /api/v1/match-detail/ratings/{id}`: the rating breakdown of a match page. Before the result each
// rated subject's current belief (the model's inputs) and the win probability; after it each subject's
// belief before and after, the displayed change and the side's win probability it was rated with.
import { z } from 'zod';
import { dataOf, isoDateTime } from './primitives.ts';
import { winProbabilitySchema } from './matches.ts';

/**
 * A point of a rating drawn over time (the profile's and the team page's charts): the rating after the change
 * made at `x`, by the match `matchId` (null for an admin's change).
 */
export const ratingPointSchema = z.object({ x: isoDateTime, y: z.number(), matchId: z.number().nullable() });
export type RatingPoint = z.infer<typeof ratingPointSchema>;

/** A subject's belief at one moment; `mu`/`sigma` are null on changes rated before the model (Elo). */
export const skillSnapshotSchema = z.object({
  mu: z.number().nullable(),
  sigma: z.number().nullable(),
  /** The displayed rating: start + round(pointsPerMu × (μ − 3σ)). */
  rating: z.number(),
  provisional: z.boolean(),
});

export const ratingEntrySchema = z.object({
  /** `player` (solo-queue), `team` (the team rating) or `ladder` (the team's ladder standing). */
  subject: z.enum(['player', 'team', 'ladder']),
  side: z.enum(['challenger', 'opponent']),
  userId: z.number().nullable(),
  teamId: z.number().nullable(),
  name: z.string(),
  before: skillSnapshotSchema,
  /** Null until the match is rated. */
  after: skillSnapshotSchema.nullable(),
  /** The displayed change; null until the match is rated. */
  delta: z.number().nullable(),
});

export const matchRatingsSchema = z
  .object({
    matchId: z.number(),
    /** True once the result is rated (and not reversed). */
    rated: z.boolean(),
    /** Null until rated. */
    outcome: z.enum(['challenger', 'opponent', 'draw']).nullable(),
    winProbability: winProbabilitySchema,
    model: z.object({
      name: z.string(),
      mu: z.number(),
      sigma: z.number(),
      beta: z.number(),
      tau: z.number(),
      z: z.number(),
      pointsPerMu: z.number(),
      provisionalSigma: z.number(),
      ratingStart: z.number(),
    }),
    entries: z.array(ratingEntrySchema),
  })
  .meta({ id: 'MatchRatings' });

export const matchRatingsAnswer = dataOf(matchRatingsSchema);
export type SkillSnapshot = z.infer<typeof skillSnapshotSchema>;
export type RatingEntry = z.infer<typeof ratingEntrySchema>;
export type MatchRatings = z.infer<typeof matchRatingsSchema>;
