import { z } from 'zod';
import { stringField } from '../../lib/validation.ts';

/** `POST /api/v1/teams` */
export const createTeamSchema = z.object({
  name: stringField('name', { min: 3, max: 50 }).transform((s) => s.trim()),
  tag: stringField('tag', { max: 10 }).transform((s) => s.trim()),
  /** The game the team plays; the first game (cod4) when absent. */
  gameId: z.coerce.number().int().positive().optional(),
});

/** `POST /api/v1/teams/{slug}/invitations` */
export const inviteSchema = z.object({ username: stringField('username', { max: 200 }) });

/** `POST /api/v1/teams/{slug}/captain` */
export const captainSchema = z.object({
  userId: z.coerce
    .number({ error: 'The user id field is required.' })
    .int({ error: 'The user id field must be an integer.' })
    .positive({ error: 'The user id field is required.' }),
});
