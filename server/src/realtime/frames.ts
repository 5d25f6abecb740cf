// Everything a client may send, dispatched by event name.
import { channelKind } from '@versus/common/realtime/channels';
import type { RawData } from 'ws';
import type { Connection } from './connection.ts';
import { isValidEventName, PusherCode } from './protocol.ts';
import type { ServiceContext } from './service-context.ts';
import { subscribe, unsubscribe } from './subscriptions.ts';
import { userAuthString, verifyAuth } from './signing.ts';

interface ClientFrame {
  event: string;
  channel?: unknown;
  data?: unknown;
}

function byteLength(raw: RawData): number {
  if (Array.isArray(raw)) return raw.reduce((sum, part) => sum + part.length, 0);
  return raw.byteLength;
}

function parse(raw: RawData): ClientFrame | null {
  try {
    const bytes = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const text = bytes.toString('utf8');
    const frame = JSON.parse(text) as unknown;
    if (typeof frame !== 'object' || frame === null || typeof (frame as ClientFrame).event !== 'string') {
      return null;
    }
    return frame as ClientFrame;
  } catch {
    return null;
  }
}

/** pusher-js sends `data` as an object; raw clients may send the JSON string form. */
function dataObject(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** Chains a presence-touching step behind the socket's earlier ones. */
function enqueue(ctx: ServiceContext, conn: Connection, step: () => Promise<void>): void {
  conn.queue = conn.queue.then(step).catch((err: unknown) => {
    ctx.log.error({ err, socketId: conn.id }, 'realtime: subscription step failed');
    conn.sendError(null, 'Internal error');
  });
}

/** Handles one incoming frame. Bad input is answered with `pusher:error`; the socket stays open. */
export function handleFrame(ctx: ServiceContext, conn: Connection, raw: RawData): void {
  if (byteLength(raw) > ctx.settings.tuning.maxFrameBytes) {
    conn.sendError(null, `Frame larger than ${ctx.settings.tuning.maxFrameBytes} bytes`);
    return;
  }
  const frame = parse(raw);
  if (!frame) {
    conn.sendError(null, 'Malformed message: expected a JSON object with an event name');
    return;
  }
  switch (frame.event) {
    case 'pusher:ping':
      conn.sendEvent('pusher:pong', {});
      return;
    case 'pusher:pong':
      return; // any frame already counted as activity
    case 'pusher:subscribe': {
      const data = dataObject(frame.data);
      enqueue(ctx, conn, () => subscribe(ctx, conn, data));
      return;
    }
    case 'pusher:unsubscribe': {
      const channel = dataObject(frame.data).channel;
      if (typeof channel === 'string') enqueue(ctx, conn, () => unsubscribe(ctx, conn, channel));
      return;
    }
    case 'pusher:signin':
      signin(conn, ctx, dataObject(frame.data));
      return;
    default:
      if (frame.event.startsWith('client-')) {
        clientEvent(ctx, conn, frame);
        return;
      }
      conn.sendError(null, 'Unknown event');
  }
}

/** User authentication (pusher-js `signin()`): proves the socket's owner without a channel. */
function signin(conn: Connection, ctx: ServiceContext, data: Record<string, unknown>): void {
  const userData = data.user_data;
  const { appKey, appSecret } = ctx.settings;
  if (typeof userData !== 'string' || userData.length > 2048) {
    conn.sendError(PusherCode.Unauthorized, 'Invalid user_data');
    return;
  }
  if (!verifyAuth(appKey, appSecret, userAuthString(conn.id, userData), data.auth)) {
    conn.sendError(PusherCode.Unauthorized, 'Invalid signature');
    return;
  }
  let id: unknown;
  try {
    id = (JSON.parse(userData) as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  if (typeof id !== 'string' || id === '' || (conn.userId !== null && conn.userId !== id)) {
    conn.sendError(
      PusherCode.Unauthorized,
      'user_data must carry the id of the user this connection belongs to',
    );
    return;
  }
  conn.userId = id;
  conn.sendEvent('pusher:signin_success', { user_data: userData });
}

function clientEvent(ctx: ServiceContext, conn: Connection, frame: ClientFrame): void {
  const { clientEvents, tuning } = ctx.settings;
  if (!clientEvents) {
    conn.sendError(null, 'Client events are not enabled for this app');
    return;
  }
  const { channel } = frame;
  if (typeof channel !== 'string' || !conn.channels.has(channel) || channelKind(channel) === 'public') {
    conn.sendError(null, 'Client events need a subscribed private or presence channel');
    return;
  }
  if (!isValidEventName(frame.event)) {
    conn.sendError(null, 'Invalid event name');
    return;
  }
  if (!conn.allowClientEvent(ctx.now(), tuning.clientEventsPerSecond)) {
    conn.sendError(
      PusherCode.RateLimited,
      `At most ${tuning.clientEventsPerSecond} client events per second`,
    );
    return;
  }
  const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data ?? {});
  if (Buffer.byteLength(data) > tuning.maxEventDataBytes) {
    conn.sendError(null, `Event data larger than ${tuning.maxEventDataBytes} bytes`);
    return;
  }
  const presence = channelKind(channel) === 'presence' && conn.userId !== null;
  void ctx.publish({
    type: 'event',
    channel,
    event: frame.event,
    data,
    ...(presence ? { userId: conn.userId ?? undefined } : {}),
    except: { socketId: conn.id, userId: null },
  });
}
