// Pusher Channels protocol 7: close and error codes, names, limits, and the one frame encoder.

export const PROTOCOL_VERSION = 7;

/**
 * Codes of `pusher:error` messages and close frames. pusher-js decides by range what to do after a
 * close: 4000-4099 give up, 4100-4199 reconnect with back-off, 4200-4299 reconnect at once.
 */
export const PusherCode = {
  UnknownAppKey: 4001,
  InvalidVersion: 4006,
  UnsupportedVersion: 4007,
  NoVersion: 4008,
  Unauthorized: 4009,
  OverCapacity: 4100,
  SlowConsumer: 4101,
  /** One address holds WS_MAX_CONNECTIONS_PER_ADDRESS sockets already (4100-4199: reconnect after a back-off). */
  TooManyFromAddress: 4102,
  GoingAway: 4200,
  PongNotReceived: 4201,
  /** Sent as a `pusher:error` message only; the socket stays open. */
  RateLimited: 4301,
} as const;

/** Bounds and timings; every one is configurable so tests can shorten the clocks. */
export interface RealtimeTuning {
  /** Seconds of silence after which pusher-js pings; also the server's idle threshold. */
  activityTimeoutSeconds: number;
  /** A socket that has not answered the server's ping by then is closed with 4201. */
  pongTimeoutMs: number;
  /** How often idle sockets are looked at (one sweep, not one timer per socket). */
  heartbeatSweepMs: number;
  maxConnections: number;
  maxSubscriptionsPerSocket: number;
  /** Frames above this are refused with `pusher:error`; the socket stays open. */
  maxFrameBytes: number;
  /** Frames above this close the socket (1009) before they are read into memory. */
  hardMaxFrameBytes: number;
  /** Event `data`, serialised, from clients, the HTTP API and the Broadcaster alike. */
  maxEventDataBytes: number;
  /** A socket whose unsent data passes this is dropped instead of buffering without bound. */
  maxSendBufferBytes: number;
  clientEventsPerSecond: number;
  /** Redis presence: liveness-key TTL, refresh period and dead-instance sweep period. */
  presenceTtlMs: number;
  presenceHeartbeatMs: number;
  presenceSweepMs: number;
}

export const DEFAULT_TUNING: RealtimeTuning = {
  activityTimeoutSeconds: 30,
  pongTimeoutMs: 30_000,
  heartbeatSweepMs: 5_000,
  maxConnections: 20_000,
  maxSubscriptionsPerSocket: 100,
  maxFrameBytes: 64 * 1024,
  hardMaxFrameBytes: 128 * 1024,
  maxEventDataBytes: 10 * 1024,
  maxSendBufferBytes: 1024 * 1024,
  clientEventsPerSecond: 10,
  presenceTtlMs: 10_000,
  presenceHeartbeatMs: 3_000,
  presenceSweepMs: 5_000,
};

/** Pusher's channel-name alphabet, at most 200 characters. */
const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]{1,200}$/;
/** pusher-js subscribes to this after `pusher:signin`; only the signed-in user may. */
export const SERVER_TO_USER_PREFIX = '#server-to-user-';
const SERVER_TO_USER = /^#server-to-user-[-a-zA-Z0-9_=@,.;]{1,180}$/;
/** Printable ASCII without spaces (Laravel's namespaced names carry backslashes), at most 200. */
const EVENT_NAME = /^[\x21-\x7e]{1,200}$/;
/** Same shape the socket-id plugin accepts for `X-Socket-ID`. */
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && (CHANNEL_NAME.test(name) || SERVER_TO_USER.test(name));
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && EVENT_NAME.test(name);
}

export function isValidSocketId(id: unknown): id is string {
  return typeof id === 'string' && SOCKET_ID.test(id);
}

/**
 * One wire frame. `data` is a string (Pusher double-encodes event data); objects are stringified here.
 * Callers that fan out encode once and send the same Buffer to every recipient.
 */
export function encodeFrame(event: string, data: unknown, channel?: string, userId?: string): string {
  const frame: Record<string, unknown> = { event };
  if (channel !== undefined) frame.channel = channel;
  frame.data = typeof data === 'string' ? data : JSON.stringify(data);
  if (userId !== undefined) frame.user_id = userId;
  return JSON.stringify(frame);
}
