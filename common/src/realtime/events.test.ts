import { describe, expect, it } from 'vitest';
import { echoEventName, eventWireChannel, REALTIME_EVENT_NAMES } from './events.ts';
import { channelKind } from './channels.ts';

describe('realtime event table', () => {
  it('puts every event of the spec on its channel, with the right kind of name', () => {
    const wire = Object.fromEntries(REALTIME_EVENT_NAMES.map((event) => [event, eventWireChannel(event, 7)]));
    expect(wire).toEqual({
      OnMessageSend: 'presence-match-chat.7',
      MatchDetailUpdate: 'match-detail-update.7',
      OnMatchMapChange: 'match-map-veto.7',
      OnNotificationReceived: 'private-notification.7',
      OnMatchDetailSubAdd: 'match-detail-add-sub.7',
      OnMatchDetailDisputed: 'match-detail-disputed.7',
      OnMatchPlayerPickerUpdate: 'match-player-picker.7',
      OnMatchCancelled: 'match-detail-on-cancelled.7',
      OnMatchAutoLocationPickerUpdate: 'match-auto-location-picker-update.7',
      OnMatchAutoLocationFinishUpdate: 'match-auto-location-finish-update.7',
      OnMatchAutoLocationVoteUpdate: 'match-auto-location-vote-update.7',
      OnSoloQueueMatchFound: 'private-notification.7',
      OnSoloQueueUpdate: 'solo-queue.7',
      OnSoloQueueStatus: 'private-notification.7',
      OnMatchLiveScore: 'match-live-score.7',
      OnTournamentUpdate: 'tournament.7',
      OnTicketMessage: 'private-ticket.7',
    });
    expect(channelKind(wire.OnMessageSend!)).toBe('presence');
    expect(channelKind(wire.OnNotificationReceived!)).toBe('private');
  });

  it('listens with a leading dot so Echo adds no namespace', () => {
    expect(echoEventName('OnMessageSend')).toBe('.OnMessageSend');
  });
});
