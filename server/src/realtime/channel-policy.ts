// Who may subscribe to which private and presence channel. Pure predicates: the auth endpoint asks
// them before signing, and the socket service uses `channelOwner` to learn who a socket belongs to.
import { channelKind } from '@versus/common/realtime/channels';

const NOTIFICATION = /^private-notification\.(\d{1,15})$/;
const MATCH_CHAT = /^presence-match-chat\.(\d{1,15})$/;

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
