// Who may subscribe to which private and presence channel. Pure predicates: the auth endpoint asks
// them before signing, and the socket service uses `channelOwner` to learn who a socket belongs to.
// Channels whose members depend on data (a ticket's readers) are asked of the feature that owns the data,
// through `DataChannelAccess`.
import { channelKind } from '@versus/common/realtime/channels';
import type { UserRow } from '../db/schema/users.ts';

const NOTIFICATION = /^private-notification\.(\d{1,15})$/;
const MATCH_CHAT = /^presence-match-chat\.(\d{1,15})$/;
const TICKET = /^private-ticket\.(\d{1,10})$/;

/**
 * Whether `user` may join `channel` when only data can tell (true/false), or null when the channel is not
 * one the check knows. The auth endpoint asks it after `mayJoinChannel` refused.
 */
export type DataChannelAccess = (channel: string, user: UserRow) => Promise<boolean | null>;

/** The ticket id a ticket's private channel (`private-ticket.{id}`) names, else null. */
export function ticketOfChannel(channel: string): number | null {
  const id = TICKET.exec(channel)?.[1];
  return id === undefined ? null : Number(id);
}

/** The user a channel belongs to when only one user may ever join it, else null. */
export function channelOwner(channel: string): string | null {
  return NOTIFICATION.exec(channel)?.[1] ?? null;
}

/**
 * Whether a signed-in user may join a private or presence channel. Public channels need no
 * signature, so asking about one is refused too (there is nothing to sign).
 */
export function mayJoinChannel(channel: string, userId: number): boolean {
  switch (channelKind(channel)) {
    case 'private':
      return channelOwner(channel) === String(userId);
    case 'presence':
      // The chat's member list is visible to any signed-in user; whether they may type is a separate flag.
      return MATCH_CHAT.test(channel);
    case 'public':
      return false;
  }
}
