// The endpoints pusher-js calls to have private/presence subscriptions and user sign-in signed.
import {
  channelAuthAnswer,
  channelAuthBody,
  userAuthAnswer,
  userAuthBody,
} from '@versus/common/api/realtime';
import type { PresenceUserInfo } from '@versus/common/realtime/payloads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema/users.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { formatUsername } from '../../modules/users/index.ts';
import { mayJoinChannel, type DataChannelAccess } from '../channel-policy.ts';
import { isValidChannelName, isValidSocketId } from '../protocol.ts';
import { channelAuthString, signAuth, userAuthString } from '../signing.ts';
import type { SocketOwnerLedger } from '../socket-owners.ts';
import { channelKind } from '@versus/common/realtime/channels';

const MAX_USER_INFO_BYTES = 1024;

interface Credentials {
  key: string;
  secret: string;
}

/** The presence `user_info`: the chat's "Online users" entry, sanitized and under 1 KB. */
export function presenceUserInfo(user: UserRow): PresenceUserInfo {
  const info = {
    id: user.id,
    uuid: user.uuid,
    username: user.username,
    image: user.image,
    formattedUsername: formatUsername(user),
  };
  if (Buffer.byteLength(JSON.stringify(info)) <= MAX_USER_INFO_BYTES) return info;
  // Long colour styles or avatar URLs: keep the name, drop the decoration.
  const plain = { ...info, formattedUsername: escapeHtml(user.username) };
  return Buffer.byteLength(JSON.stringify(plain)) <= MAX_USER_INFO_BYTES ? plain : { ...plain, image: null };
}

function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

function field(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function socketIdFrom(request: FastifyRequest): string {
  const socketId = field(request, 'socket_id');
  if (!isValidSocketId(socketId)) throw new ValidationError({ socket_id: ['The socket id is invalid.'] });
  return socketId;
}

const tags = ['Realtime'];

/**
 * `POST /broadcasting/auth` and `POST /broadcasting/user-auth`, behind the API's session and CSRF rules.
 * Their body schemas document Pusher's fields; the checks stay here, in the protocol's order.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  credentials: Credentials;
  owners: SocketOwnerLedger;
  /** Private channels whose readers only the data knows (a ticket's). */
  dataChannelAccess?: DataChannelAccess;
}> = async (app, { credentials, owners, dataChannelAccess }) => {
  app.post(
    '/broadcasting/auth',
    {
      schema: {
        tags,
        summary: 'Sign a private or presence channel subscription (pusher-js)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: channelAuthBody,
        response: { 200: channelAuthAnswer },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const socketId = socketIdFrom(request);
      const channel = field(request, 'channel_name');
      if (!isValidChannelName(channel))
        throw new ValidationError({ channel_name: ['The channel name is invalid.'] });
      const allowed = mayJoinChannel(channel, user.id) || (await dataChannelAccess?.(channel, user)) === true;
      if (!allowed) throw new ForbiddenError();
      owners.record(socketId, user.id, request.sessionId);
      if (channelKind(channel) === 'presence') {
        const channelData = JSON.stringify({ user_id: String(user.id), user_info: presenceUserInfo(user) });
        const message = channelAuthString(socketId, channel, channelData);
        return { auth: signAuth(credentials.key, credentials.secret, message), channel_data: channelData };
      }
      return { auth: signAuth(credentials.key, credentials.secret, channelAuthString(socketId, channel)) };
    },
  );

  app.post(
    '/broadcasting/user-auth',
    {
      schema: {
        tags,
        summary: 'Sign in a socket as the session user (pusher-js user authentication)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: userAuthBody,
        response: { 200: userAuthAnswer },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const socketId = socketIdFrom(request);
      owners.record(socketId, user.id, request.sessionId);
      const userData = JSON.stringify({ id: String(user.id), user_info: presenceUserInfo(user) });
      const auth = signAuth(credentials.key, credentials.secret, userAuthString(socketId, userData));
      return { auth, user_data: userData };
    },
  );
};
