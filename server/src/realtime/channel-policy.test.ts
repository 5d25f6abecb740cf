import { describe, expect, it } from 'vitest';
import { channelOwner, mayJoinChannel, ticketOfChannel } from './channel-policy.ts';

describe.skipIf(process.env.TEST_DB === 'postgres')('channel policy', () => {
  it.each([
    ['private-notification.7', 7, true],
    ['private-notification.7', 8, false],
    ['private-notification.07x', 7, false],
    ['presence-match-chat.12', 8, true],
    ['presence-match-chat.abc', 8, false],
    ['presence-something-else.1', 8, false],
    ['private-anything.1', 8, false],
    // A ticket's readers are known only from the data: the pure policy refuses, the tickets check decides.
    ['private-ticket.3', 8, false],
    ['match-detail-update.1', 8, false],
  ])('%s for user %i: %s', (channel, userId, allowed) => {
    expect(mayJoinChannel(channel, userId)).toBe(allowed);
  });

  it('names the one owner of per-user channels', () => {
    expect(channelOwner('private-notification.7')).toBe('7');
    expect(channelOwner('presence-match-chat.7')).toBeNull();
  });

  it('reads the ticket id of a ticket channel, and nothing else', () => {
    expect(ticketOfChannel('private-ticket.42')).toBe(42);
    expect(ticketOfChannel('ticket.42')).toBeNull();
    expect(ticketOfChannel('private-ticket.4x')).toBeNull();
    expect(ticketOfChannel('private-ticket.12345678901')).toBeNull();
  });
});
