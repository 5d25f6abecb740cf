// Shared subscriptions: several components may listen on one channel (the chat list and the online users
// both use the match's presence channel). Each channel is joined once, counted, and left when its last user
// unmounts; the channel-level callbacks (subscribed, here/joining/leaving) are bound once and fan out.
import type { ChannelKind } from '@versus/common/realtime';

/** What this app uses of an Echo channel (Echo's own classes satisfy it; tests pass a fake). */
export interface EchoChannelLike {
  listen(event: string, callback: CallableFunction): unknown;
  stopListening(event: string, callback?: CallableFunction): unknown;
  subscribed(callback: CallableFunction): unknown;
  error(callback: CallableFunction): unknown;
}

export interface EchoPresenceChannelLike extends EchoChannelLike {
  here(callback: CallableFunction): unknown;
  joining(callback: CallableFunction): unknown;
  leaving(callback: CallableFunction): unknown;
}

/** What this app uses of the Echo instance. */
export interface EchoLike {
  channel(name: string): EchoChannelLike;
  private(name: string): EchoChannelLike;
  join(name: string): EchoPresenceChannelLike;
  leave(name: string): void;
}

/** A presence member's `user_info`; at least an id and a username. */
export interface PresenceMember {
  id: number | string;
  username: string;
}

export interface ChannelEntry {
  channel: EchoChannelLike;
  /** How many hook instances hold the channel. */
  holders: number;
  /** True once the server confirmed the subscription. */
  live: boolean;
  /** How many times `pusher:subscription_succeeded` arrived: above 1 means a resubscription after a drop. */
  successes: number;
  /** Called on every resubscription, so holders refetch what they may have missed. */
  onResync: Set<() => void>;
  /** Called when `live` changes. */
  onLive: Set<() => void>;
  /** Presence channels only: the current members, kept here so a late holder starts with them. */
  members: PresenceMember[];
  onMembers: Set<() => void>;
}

const entries = new Map<string, ChannelEntry>();

const keyOf = (kind: ChannelKind, name: string) => `${kind}:${name}`;

function open(echo: EchoLike, kind: ChannelKind, name: string): ChannelEntry {
  const channel =
    kind === 'presence' ? echo.join(name) : kind === 'private' ? echo.private(name) : echo.channel(name);
  const entry: ChannelEntry = {
    channel,
    holders: 0,
    live: false,
    successes: 0,
    onResync: new Set(),
    onLive: new Set(),
    members: [],
    onMembers: new Set(),
  };
  channel.subscribed(() => {
    entry.successes += 1;
    if (!entry.live) {
      entry.live = true;
      for (const notify of entry.onLive) notify();
    }
    if (entry.successes > 1) for (const resync of entry.onResync) resync();
  });
  // Realtime channel errors are only logged: the page goes on, and refetches when the channel comes back.
  channel.error((error: unknown) => console.warn(`Realtime channel ${name}:`, error));
  if (kind === 'presence') {
    const presence = channel as EchoPresenceChannelLike;
    const setMembers = (members: PresenceMember[]) => {
      entry.members = members;
      for (const notify of entry.onMembers) notify();
    };
    presence.here((members: PresenceMember[]) => setMembers([...members]));
    presence.joining((member: PresenceMember) =>
      setMembers([...entry.members.filter((m) => m.id !== member.id), member]),
    );
    presence.leaving((member: PresenceMember) => setMembers(entry.members.filter((m) => m.id !== member.id)));
  }
  entries.set(keyOf(kind, name), entry);
  return entry;
}

/** Holds a channel (subscribing on first hold); pair every call with `releaseChannel`. */
export function acquireChannel(echo: EchoLike, kind: ChannelKind, name: string): ChannelEntry {
  const entry = entries.get(keyOf(kind, name)) ?? open(echo, kind, name);
  entry.holders += 1;
  return entry;
}

/** Lets go of a channel; the last holder leaves it. */
export function releaseChannel(echo: EchoLike, kind: ChannelKind, name: string): void {
  const key = keyOf(kind, name);
  const entry = entries.get(key);
  if (!entry) return;
  entry.holders -= 1;
  if (entry.holders > 0) return;
  entries.delete(key);
  echo.leave(name);
}

/** Forgets every channel without leaving it (tests swap the Echo instance). */
export function resetChannels(): void {
  entries.clear();
}
