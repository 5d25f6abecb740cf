// Every realtime event of the match room and the header, with the channel it goes on and its payload.
//
// Naming rule (keep to it): the server publishes the bare names below (`OnMessageSend`), exactly as the
// spec lists them, with no `App\Events\` namespace. Laravel Echo prefixes listener names with its
// namespace unless they start with a dot, so the web client always listens with a leading dot:
// `channel.listen(echoEventName('OnMessageSend'), handler)` → `.listen('.OnMessageSend', handler)`.
import {
  matchAutoLocationFinishUpdateChannel,
  matchAutoLocationPickerUpdateChannel,
  matchAutoLocationVoteUpdateChannel,
  matchCancelledChannel,
  matchChatChannel,
  matchDetailAddSubChannel,
  matchDetailDisputedChannel,
  matchDetailUpdateChannel,
  matchLiveScoreChannel,
  tournamentChannel,
  matchMapVetoChannel,
  matchPlayerPickerChannel,
  notificationChannel,
  soloQueueChannel,
  ticketChannel,
  wireChannelName,
} from './channels.ts';
import type { ChannelKind } from './channels.ts';
import type { z } from 'zod';
import type { realtimeEventSchemas } from '../api/realtime-events.ts';

/**
 * Which channel (kind and Echo-name builder) each event uses, keyed by match id, or by user id for the
 * private notification channel, by queue id for `OnSoloQueueUpdate`, by ticket id for `OnTicketMessage`.
 */
export const REALTIME_EVENTS = {
  OnMessageSend: { kind: 'presence', channel: matchChatChannel },
  MatchDetailUpdate: { kind: 'public', channel: matchDetailUpdateChannel },
  OnMatchMapChange: { kind: 'public', channel: matchMapVetoChannel },
  OnNotificationReceived: { kind: 'private', channel: notificationChannel },
  OnMatchDetailSubAdd: { kind: 'public', channel: matchDetailAddSubChannel },
  OnMatchDetailDisputed: { kind: 'public', channel: matchDetailDisputedChannel },
  // The spec names the channel but not the event; this name follows the others' pattern.
  OnMatchPlayerPickerUpdate: { kind: 'public', channel: matchPlayerPickerChannel },
  OnMatchCancelled: { kind: 'public', channel: matchCancelledChannel },
  OnMatchAutoLocationPickerUpdate: { kind: 'public', channel: matchAutoLocationPickerUpdateChannel },
  OnMatchAutoLocationFinishUpdate: { kind: 'public', channel: matchAutoLocationFinishUpdateChannel },
  OnMatchAutoLocationVoteUpdate: { kind: 'public', channel: matchAutoLocationVoteUpdateChannel },
  // Solo-queue events (not in the spec): the queue formed a match for this user; a queue's size changed.
  OnSoloQueueMatchFound: { kind: 'private', channel: notificationChannel },
  OnSoloQueueUpdate: { kind: 'public', channel: soloQueueChannel },
  // Not in the spec: the user's queue status changed (a pop, the ready check, started, moved or ended).
  OnSoloQueueStatus: { kind: 'private', channel: notificationChannel },
  // Not in the spec: each round end in the game server's log (docs/game-servers.md).
  OnMatchLiveScore: { kind: 'public', channel: matchLiveScoreChannel },
  // Not in the spec: a tournament's page changed; keyed by tournament id.
  OnTournamentUpdate: { kind: 'public', channel: tournamentChannel },
  // Not in the spec: a new message on a dispute ticket; keyed by ticket id.
  OnTicketMessage: { kind: 'private', channel: ticketChannel },
} as const satisfies Record<string, { kind: ChannelKind; channel: (id: number | string) => string }>;

export type RealtimeEventName = keyof typeof REALTIME_EVENTS;

export const REALTIME_EVENT_NAMES = Object.keys(REALTIME_EVENTS) as RealtimeEventName[];

/**
 * Payload of each event, as the listener receives it (already JSON-decoded by pusher-js): the inferred
 * type of its schema in `@versus/common/api/realtime-events`.
 */
export type RealtimeEventPayloads = {
  [E in RealtimeEventName]: z.infer<(typeof realtimeEventSchemas)[E]>;
};

/** The name to pass to Echo's `listen()`: a leading dot opts out of Echo's namespace prefix. */
export function echoEventName<E extends RealtimeEventName>(event: E): `.${E}` {
  return `.${event}`;
}

/** The wire channel an event goes on for a match id (a user id for notifications, a queue id for queues). */
export function eventWireChannel(event: RealtimeEventName, id: number | string): string {
  const { kind, channel } = REALTIME_EVENTS[event];
  return wireChannelName(kind, channel(id));
}
