import { z } from 'zod';

const id = (field: string) =>
  z.coerce
    .number({ error: `The ${field} field is required.` })
    .int({ error: `The ${field} field must be an integer.` })
    .positive({ error: `The ${field} field is required.` });

/** `POST /api/v1/ladders/{ladderId}/challenges` */
export const challengeSchema = z.object({
  opponentTeamId: id('opponent team id'),
  /** Which of the challenger's teams, when the user captains more than one team on the ladder. */
  teamId: id('team id').optional(),
  bestOf: z
    .union([z.literal(1), z.literal(3), z.literal(5)], { error: 'The best of field must be 1, 3 or 5.' })
    .default(1),
  /** ISO 8601; absent or null = as soon as the challenge is accepted. */
  startDate: z.iso
    .datetime({ offset: true, error: 'The start date field must be an ISO 8601 date and time.' })
    .nullish(),
});

export type ChallengeInput = z.output<typeof challengeSchema>;

export const ladderParamsSchema = z.object({ ladderId: id('ladder id') });
