// Anticheat: the user's client token (settings page) and the client's heartbeat.
import { z } from 'zod';
import { MAX_ID, dataOf, stringField } from './primitives.ts';

/** `GET /api/v1/anticheat/token`: whether the user has a token (never the token). */
export const anticheatTokenStateAnswer = dataOf(z.object({ hasToken: z.boolean() }));

/** `POST /api/v1/anticheat/token`: a new token, shown once; the old one stops working. */
export const anticheatTokenAnswer = dataOf(z.object({ token: z.string() }));

/** `POST /api/v1/anticheat/client/heartbeat` (the client, with its bearer token). */
export const heartbeatBody = z.object({
  matchId: z.coerce
    .number({ error: 'The match id field is required.' })
    .int({ error: 'The match id field must be an integer.' })
    .positive({ error: 'The match id field must be an integer.' })
    .max(MAX_ID, { error: 'The match id field must be an integer.' }),
  inGameName: stringField('in_game_name', { max: 64 }),
  guid: z
    .string()
    // A CoD4 GUID (hex) or a CoD4x player id as `status` prints it (`[U:1:123]`).
    .regex(/^[A-Za-z0-9:[\]]{1,64}$/, { error: 'The guid field must be a GUID or a CoD4x player id.' })
    .nullish(),
});

export const heartbeatAnswer = dataOf(
  z
    .object({
      running: z.boolean(),
      matchId: z.number(),
      /** Seconds until the next heartbeat. */
      intervalSeconds: z.number(),
      /** False when the GUID is another account's (the claim is recorded for admins). */
      guidAccepted: z.boolean(),
    })
    .meta({ id: 'Heartbeat' }),
);
