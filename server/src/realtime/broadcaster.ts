import type Pusher from 'pusher';
import type { Exclusion } from './bus/bus.ts';
import { isValidChannelName, isValidEventName } from './protocol.ts';
import type { RealtimeService } from './service.ts';
import type { SocketOwnerLedger } from './socket-owners.ts';

export interface PublishOptions {
  /** The `X-Socket-ID` of the request that caused the event (`request.socketId`). */
  exceptSocketId?: string | null;
  /**
   * The requesting user (`request.user?.id`). The socket is left out only when it belongs to this
   * user, so a forged header cannot silence someone else's tab. Without it the socket id is ignored.
   */
  exceptUserId?: number | null;
}

/** The one way features send realtime events. Call it after the transaction has committed. */
export interface Broadcaster {
  publish(
    channels: string | readonly string[],
    event: string,
    payload: unknown,
    options?: PublishOptions,
  ): Promise<void>;
}

/** Checks shared by the back ends; returns the payload serialised once. */
function prepare(channels: readonly string[], event: string, payload: unknown, maxBytes: number): string {
  for (const channel of channels) {
    if (!isValidChannelName(channel)) throw new Error(`Invalid channel name ${JSON.stringify(channel)}`);
  }
  if (!isValidEventName(event)) throw new Error(`Invalid event name ${JSON.stringify(event)}`);
  const data = JSON.stringify(payload ?? null);
  // Pusher refuses more than 10 KB; failing here keeps the embedded service and Pusher alike.
  if (Buffer.byteLength(data) > maxBytes) {
    throw new Error(`Event ${event} data is ${Buffer.byteLength(data)} bytes; the limit is ${maxBytes}`);
  }
  return data;
}

function exclusion(options: PublishOptions | undefined): Exclusion | undefined {
  if (!options?.exceptSocketId || options.exceptUserId === null || options.exceptUserId === undefined) {
    return undefined;
  }
  return { socketId: options.exceptSocketId, userId: String(options.exceptUserId) };
}

const asList = (channels: string | readonly string[]): readonly string[] =>
  typeof channels === 'string' ? [channels] : channels;

/** In-process (and, through the service's bus, Redis) delivery. */
export class EmbeddedBroadcaster implements Broadcaster {
  constructor(
    private readonly service: RealtimeService,
    private readonly maxBytes: number,
  ) {}

  async publish(
    channels: string | readonly string[],
    event: string,
    payload: unknown,
    options?: PublishOptions,
  ) {
    const list = asList(channels);
    const data = prepare(list, event, payload, this.maxBytes);
    const except = exclusion(options);
    for (const channel of list) {
      await this.service.publish({ type: 'event', channel, event, data, ...(except ? { except } : {}) });
    }
  }
}

/** Pusher's HTTP API accepts at most 100 channels per trigger. */
const PUSHER_MAX_CHANNELS = 100;

/** Hands fan-out to an external Pusher-compatible service through its HTTP API. */
export class PusherHttpBroadcaster implements Broadcaster {
  constructor(
    private readonly pusher: Pusher,
    private readonly owners: SocketOwnerLedger,
    private readonly maxBytes: number,
  ) {}

  async publish(
    channels: string | readonly string[],
    event: string,
    payload: unknown,
    options?: PublishOptions,
  ) {
    const list = asList(channels);
    prepare(list, event, payload, this.maxBytes);
    const except = exclusion(options);
    // The external service cannot check ownership, so only a socket this server signed for the user is passed.
    const params =
      except && except.userId !== null && this.owners.belongsTo(except.socketId, except.userId)
        ? { socket_id: except.socketId }
        : {};
    for (let i = 0; i < list.length; i += PUSHER_MAX_CHANNELS) {
      await this.pusher.trigger(list.slice(i, i + PUSHER_MAX_CHANNELS), event, payload, params);
    }
  }
}
