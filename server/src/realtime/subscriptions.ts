// pusher:subscribe / pusher:unsubscribe and the presence bookkeeping behind them.
import { channelKind } from '@versus/common/realtime/channels';
import { channelOwner } from './channel-policy.ts';
import type { Connection } from './connection.ts';
import { presenceData } from './presence/presence-store.ts';
import { isValidChannelName, SERVER_TO_USER_PREFIX } from './protocol.ts';
import type { ServiceContext } from './service-context.ts';
import { channelAuthString, verifyAuth } from './signing.ts';

/** `channel_data` is signed, but a bound keeps a leaked secret from flooding presence storage. */
const MAX_CHANNEL_DATA_BYTES = 2048;

interface SubscribeRequest {
  channel?: unknown;
  auth?: unknown;
  channel_data?: unknown;
}

function refuse(conn: Connection, channel: string, type: string, error: string, status: number): void {
  conn.sendEvent('pusher:subscription_error', { type, error, status }, channel);
}

/** Records who the socket belongs to; a socket cannot prove two different users. */
function claimOwner(conn: Connection, userId: string): boolean {
  if (conn.userId !== null && conn.userId !== userId) return false;
  conn.userId = userId;
  return true;
}

function parseMemberId(channelData: unknown): { userId: string; infoJson: string } | null {
  if (typeof channelData !== 'string' || channelData.length > MAX_CHANNEL_DATA_BYTES) return null;
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
    const id = parsed.user_id;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null;
    return { userId: String(id), infoJson: JSON.stringify(parsed.user_info ?? {}) };
  } catch {
    return null;
  }
}

export async function subscribe(
  ctx: ServiceContext,
  conn: Connection,
  data: SubscribeRequest,
): Promise<void> {
  const { channel } = data;
  if (!isValidChannelName(channel)) {
    conn.sendError(null, 'Invalid channel name');
    return;
  }
  if (conn.channels.has(channel)) return; // already subscribed: nothing changes
  if (conn.channels.size >= ctx.settings.tuning.maxSubscriptionsPerSocket) {
    refuse(conn, channel, 'LimitReached', 'Too many subscriptions on this connection', 429);
    return;
  }
  const { appKey, appSecret } = ctx.settings;

  if (channel.startsWith(SERVER_TO_USER_PREFIX)) {
    if (conn.userId === null || channel !== SERVER_TO_USER_PREFIX + conn.userId) {
      refuse(conn, channel, 'AuthError', 'Sign in as this user first', 403);
      return;
    }
    return accept(ctx, conn, channel);
  }

  const kind = channelKind(channel);
  switch (kind) {
    case 'public':
      return accept(ctx, conn, channel);
    case 'private': {
      if (!verifyAuth(appKey, appSecret, channelAuthString(conn.id, channel), data.auth)) {
        refuse(conn, channel, 'AuthError', 'Invalid signature', 401);
        return;
      }
      const owner = channelOwner(channel);
      if (owner !== null && !claimOwner(conn, owner)) {
        refuse(conn, channel, 'AuthError', 'This connection belongs to another user', 403);
        return;
      }
      return accept(ctx, conn, channel);
    }
    case 'presence': {
      const channelData = typeof data.channel_data === 'string' ? data.channel_data : '';
      const signed = verifyAuth(
        appKey,
        appSecret,
        channelAuthString(conn.id, channel, channelData),
        data.auth,
      );
      const member = signed ? parseMemberId(channelData) : null;
      if (!member) {
        refuse(conn, channel, 'AuthError', 'Invalid signature or channel_data', 401);
        return;
      }
      if (!claimOwner(conn, member.userId)) {
        refuse(conn, channel, 'AuthError', 'This connection belongs to another user', 403);
        return;
      }
      return joinPresence(ctx, conn, channel, member);
    }
  }
}

function accept(ctx: ServiceContext, conn: Connection, channel: string): void {
  conn.channels.add(channel);
  ctx.addSubscriber(channel, conn);
  conn.sendEvent('pusher_internal:subscription_succeeded', {}, channel);
}

async function joinPresence(
  ctx: ServiceContext,
  conn: Connection,
  channel: string,
  member: { userId: string; infoJson: string },
): Promise<void> {
  conn.channels.add(channel);
  const result = await ctx.presence.join(channel, member, conn.id, ctx.settings.maxPresenceMembers);
  if (result === 'full') {
    conn.channels.delete(channel);
    refuse(conn, channel, 'LimitReached', 'This presence channel is full', 403);
    return;
  }
  conn.presenceInfo.set(channel, member.infoJson);
  // Index first, snapshot second: a member_added racing in is either in the snapshot or arrives after it.
  ctx.addSubscriber(channel, conn);
  const members = await ctx.presence.members(channel);
  conn.sendEvent('pusher_internal:subscription_succeeded', presenceData(members), channel);
  if (result === 'added') await publishMemberAdded(ctx, channel, member, conn.id);
}

export function publishMemberAdded(
  ctx: ServiceContext,
  channel: string,
  member: { userId: string; infoJson: string },
  exceptSocketId: string,
): Promise<void> {
  return ctx.publish({
    type: 'event',
    channel,
    event: 'pusher_internal:member_added',
    data: JSON.stringify({ user_id: member.userId, user_info: JSON.parse(member.infoJson) as unknown }),
    except: { socketId: exceptSocketId, userId: null },
  });
}

/** Leaves one channel; for presence, tells the others when this was the user's last socket. */
export async function unsubscribe(ctx: ServiceContext, conn: Connection, channel: string): Promise<void> {
  if (!conn.channels.delete(channel)) return;
  ctx.removeSubscriber(channel, conn);
  if (!conn.presenceInfo.delete(channel) || conn.userId === null) return;
  if (await ctx.presence.leave(channel, conn.userId, conn.id)) {
    await publishMemberRemoved(ctx, channel, conn.userId);
  }
}

export function publishMemberRemoved(ctx: ServiceContext, channel: string, userId: string): Promise<void> {
  return ctx.publish({
    type: 'event',
    channel,
    event: 'pusher_internal:member_removed',
    data: JSON.stringify({ user_id: userId }),
  });
}

/** Leaves every channel (socket closed or service shutting down). */
export async function unsubscribeAll(ctx: ServiceContext, conn: Connection): Promise<void> {
  for (const channel of [...conn.channels]) await unsubscribe(ctx, conn, channel);
}
