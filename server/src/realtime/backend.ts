// Chooses and builds the back end from configuration: external Pusher service when PUSHER_HOST is set,
// otherwise the embedded service, its fan-out and presence in Redis when REDIS_URL is set.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import Pusher from 'pusher';
import type { Config } from '../config.ts';
import type { Broadcaster } from './broadcaster.ts';
import { EmbeddedBroadcaster, PusherHttpBroadcaster } from './broadcaster.ts';
import { LocalBus } from './bus/bus.ts';
import { RedisBus } from './bus/redis-bus.ts';
import { MemoryPresenceStore } from './presence/memory-presence.ts';
import { RedisPresenceStore } from './presence/redis-presence.ts';
import { DEFAULT_TUNING } from './protocol.ts';
import type { RealtimeTuning } from './protocol.ts';
import { RealtimeService } from './service.ts';
import type { RealtimeServiceSettings } from './service-context.ts';
import { SocketOwnerLedger } from './socket-owners.ts';

/** Options of the realtime plugin: the configuration's realtime fields plus tuning for tests and ops. */
export type RealtimeOptions = Pick<Config, 'allowedOrigins' | 'redisUrl' | 'pusher'> & {
  /** TRUST_PROXY, for the client address of upgrade requests (the per-address socket cap). */
  trustProxy?: Config['trustProxy'];
  tuning?: Partial<RealtimeTuning>;
  /** REDIS_KEY_PREFIX: the realtime keys and pub/sub channel live under `{prefix}realtime:`; tests use a unique one. */
  redisKeyPrefix?: string;
};

/** What the rest of the server may ask of the realtime service, whatever the back end. */
export interface RealtimeControl {
  /** Ends every socket of the user. */
  disconnectUser(userId: number): Promise<void>;
  /**
   * Ends the sockets signed for these sessions of the user (sign-out, password change, sign out everywhere).
   * The external service knows sockets only by user: there every socket of the user is ended.
   */
  disconnectSessions(userId: number, sessionIds: readonly string[]): Promise<void>;
  /** Whether the socket has been shown to belong to the user (see PublishOptions.exceptUserId). */
  socketBelongsTo(socketId: string, userId: number): boolean;
  /** This instance's open sockets and channels with a subscriber (null: an external service holds them). */
  usage(): { sockets: number; channels: number } | null;
  close(): Promise<void>;
}

export interface RealtimeBackend {
  broadcaster: Broadcaster;
  control: RealtimeControl;
  /** The embedded service, or null when an external service does the fan-out. */
  service: RealtimeService | null;
  owners: SocketOwnerLedger;
  tuning: RealtimeTuning;
}

const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/** The client address of an upgrade request, read as Fastify reads `request.ip` under the same TRUST_PROXY. */
function clientAddressOf(trust: Config['trustProxy']): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const rule =
    typeof trust === 'number'
      ? (_addr: string, hop: number) => hop < trust
      : trust === true
        ? () => true
        : trust;
  return (request) => proxyAddr(request, rule);
}

async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
  });
  // ioredis reconnects by itself; without a listener it would print every failed attempt.
  redis.on('error', (err: Error) => log.warn({ err }, 'realtime: Redis connection error'));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Realtime: Redis at ${new URL(url).host} did not answer (${(err as Error).message})`);
  }
  return redis;
}

export async function createBackend(
  options: RealtimeOptions,
  log: FastifyBaseLogger,
): Promise<RealtimeBackend> {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const { pusher } = options;
  const owners = new SocketOwnerLedger();

  if (pusher.host) {
    const client = new Pusher({
      appId: pusher.appId,
      key: pusher.key,
      secret: pusher.secret,
      host: pusher.host,
      ...(pusher.port ? { port: String(pusher.port) } : {}),
      useTLS: pusher.scheme === 'https',
    });
    const control: RealtimeControl = {
      // Only sockets that called pusher-js `signin()` are known to the external service by user.
      disconnectUser: async (userId) => void (await client.terminateUserConnections(String(userId))),
      disconnectSessions: async (userId) => void (await client.terminateUserConnections(String(userId))),
      socketBelongsTo: (socketId, userId) => owners.belongsTo(socketId, userId),
      usage: () => null,
      close: async () => {},
    };
    const broadcaster = new PusherHttpBroadcaster(client, owners, tuning.maxEventDataBytes);
    return { broadcaster, control, service: null, owners, tuning };
  }

  const settings: RealtimeServiceSettings = {
    appKey: pusher.key,
    appSecret: pusher.secret,
    allowedOrigins: options.allowedOrigins,
    clientEvents: pusher.clientEvents,
    maxPresenceMembers: pusher.maxPresenceMembers,
    maxConnectionsPerAddress: pusher.maxConnectionsPerAddress,
    clientAddress: clientAddressOf(options.trustProxy ?? false),
    tuning,
  };

  let service: RealtimeService;
  let releaseRedis = () => {};
  if (options.redisUrl) {
    // REDIS_KEY_PREFIX (default `versus:`) then `realtime:`: deployments sharing one Redis never meet.
    const prefix = `${options.redisKeyPrefix ?? 'versus:'}realtime:`;
    const instanceId = randomBytes(8).toString('hex');
    const commands = await connectRedis(options.redisUrl, log);
    const subscriber = await connectRedis(options.redisUrl, log);
    const bus = new RedisBus(commands, subscriber, `${prefix}broadcast`, instanceId);
    const presence = new RedisPresenceStore(commands, {
      prefix,
      instanceId,
      ttlMs: tuning.presenceTtlMs,
      heartbeatMs: tuning.presenceHeartbeatMs,
      sweepMs: tuning.presenceSweepMs,
      onSweptMember: (channel, userId) => service.announceRemovedMember(channel, userId),
      onResurrected: () => service.rejoinPresence(),
      onError: (err) => log.error({ err }, 'realtime: Redis presence upkeep failed'),
    });
    service = new RealtimeService(settings, presence, bus, log);
    await bus.start();
    await presence.start();
    releaseRedis = () => {
      commands.disconnect();
      subscriber.disconnect();
    };
  } else {
    service = new RealtimeService(settings, new MemoryPresenceStore(), new LocalBus(), log);
  }
  service.socketsOfSessions = (sessionIds) => owners.takeSocketsOf(sessionIds);
  const control: RealtimeControl = {
    disconnectUser: (userId) => service.disconnectUser(userId),
    disconnectSessions: (_userId, sessionIds) => service.disconnectSessions(sessionIds),
    socketBelongsTo: (socketId, userId) => service.socketBelongsTo(socketId, userId),
    usage: () => ({ sockets: service.connectionCount, channels: service.channelCount }),
    close: async () => {
      await service.close();
      releaseRedis();
    },
  };
  return {
    broadcaster: new EmbeddedBroadcaster(service, tuning.maxEventDataBytes),
    control,
    service,
    owners,
    tuning,
  };
}
