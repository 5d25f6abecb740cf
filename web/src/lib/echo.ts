// The one realtime connection of the tab: Laravel Echo over pusher-js, made lazily the first time a
// component listens, after `GET /api/v1/realtime/config` answered. Both libraries are loaded with a
// dynamic import then, so they stay out of the entry bundle (about 20 KB gzip) until a page listens.
// Events are listened to with a leading dot (`echoEventName`), because the server publishes bare names
// with no `App\Events` namespace.
import type { ChannelAuthorizationCallback, UserAuthenticationCallback } from 'pusher-js';
import { apiClient } from './api-client';
import { resetChannels, type EchoLike } from './echo-channels';
import { connectionOptions, fetchRealtimeConfig } from './echo-config';
import { setFirstConnectionPending, setSocketId } from './socket-id';

/** The part of pusher-js' connection the socket id tracking needs. */
export interface ConnectionLike {
  socket_id?: string;
  bind(event: 'state_change', callback: (states: { previous: string; current: string }) => void): unknown;
}

/**
 * Keeps the API client's X-Socket-ID in step with the connection: set on every (re)connect, since a new
 * connection gets a new id, and cleared while disconnected so no request names a dead socket.
 */
export function trackSocketId(connection: ConnectionLike): void {
  connection.bind('state_change', ({ current }) => {
    setSocketId(current === 'connected' ? (connection.socket_id ?? null) : null);
    // The first attempt gave up (the realtime service is unreachable): changes stop waiting for it.
    if (current === 'unavailable' || current === 'failed') setFirstConnectionPending(false);
  });
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Signs channel subscriptions through the API client, so the session cookie and X-XSRF-TOKEN go along. */
function signer(endpoint: string) {
  return (params: Record<string, string>, callback: (error: Error | null, data: never) => void) => {
    apiClient.post(endpoint, new URLSearchParams(params)).then(
      (response) => callback(null, response.data as never),
      (error: unknown) => callback(asError(error), null as never),
    );
  };
}

async function createEcho(): Promise<EchoLike> {
  const [config, { default: Echo }, { default: Pusher }] = await Promise.all([
    fetchRealtimeConfig(),
    import('laravel-echo'),
    import('pusher-js'),
  ]);
  const authorize = signer(config.authEndpoint);
  const authenticate = signer(config.userAuthEndpoint);
  const pusher = new Pusher(config.key, {
    ...connectionOptions(config, window.location),
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback: ChannelAuthorizationCallback) =>
        authorize({ socket_id: socketId, channel_name: channelName }, callback),
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback: UserAuthenticationCallback) =>
        authenticate({ socket_id: socketId }, callback),
    },
  });
  trackSocketId(pusher.connection);
  // Our API client sends X-Socket-ID itself; Echo's interceptors would patch a global axios we do not use.
  return new Echo({ broadcaster: 'pusher', key: config.key, client: pusher, withoutInterceptors: true });
}

let echo: Promise<EchoLike> | null = null;

/** The tab's Echo instance, created on first call; a failed start is retried by the next call. */
export function getEcho(): Promise<EchoLike> {
  if (!echo) setFirstConnectionPending(true);
  echo ??= createEcho().catch((error: unknown) => {
    echo = null;
    setFirstConnectionPending(false);
    throw error;
  });
  return echo;
}

/** Replaces the Echo instance (a fake in unit tests); null makes the next `getEcho` connect for real. */
export function setEchoForTesting(fake: EchoLike | null): void {
  resetChannels();
  setFirstConnectionPending(false);
  echo = fake ? Promise.resolve(fake) : null;
}
