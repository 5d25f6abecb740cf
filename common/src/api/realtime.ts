// The realtime service's HTTP side: the client configuration the web app connects with, and the
// endpoints pusher-js calls to have private and presence subscriptions (and user sign-in) signed. These
// follow the Pusher Channels protocol: pusher-js posts them form-encoded (JSON works too).
import { z } from 'zod';
import { dataOf } from './primitives.ts';

/**
 * `GET /api/v1/realtime/config`: what the web app connects with, learnt at run time (never from a
 * rebuild). Null host, ports and forceTLS mean "the page's own origin".
 */
export const realtimeClientConfigSchema = z
  .object({
    key: z.string(),
    /** pusher-js requires a cluster even when wsHost is set; it is unused then. */
    cluster: z.string(),
    wsHost: z.string().nullable(),
    wsPort: z.number().nullable(),
    wssPort: z.number().nullable(),
    forceTLS: z.boolean().nullable(),
    authEndpoint: z.string(),
    userAuthEndpoint: z.string(),
  })
  .meta({ id: 'RealtimeClientConfig' });
export type RealtimeClientConfig = z.infer<typeof realtimeClientConfigSchema>;
export const realtimeConfigAnswer = dataOf(realtimeClientConfigSchema);

/**
 * A form field as Pusher sends it. Documented as a string; the route checks it itself, in the protocol's
 * order (sign-in, then socket id, then channel), so its refusals stay Pusher's.
 */
const pusherField = (description: string) => z.unknown().meta({ type: 'string', description });

/** `POST /broadcasting/auth` */
export const channelAuthBody = z.object({
  socket_id: pusherField('The socket asking, as `pusher:connection_established` named it (`123.456`).'),
  channel_name: pusherField('A `private-` or `presence-` channel the signed-in user may join.'),
});

/** The subscription's signature; presence channels also carry the member's `channel_data` (JSON text). */
export const channelAuthAnswer = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});
export type ChannelAuthAnswer = z.infer<typeof channelAuthAnswer>;

/** `POST /broadcasting/user-auth` (Pusher user sign-in) */
export const userAuthBody = z.object({
  socket_id: pusherField('The socket asking (`123.456`).'),
});

export const userAuthAnswer = z.object({ auth: z.string(), user_data: z.string() });
