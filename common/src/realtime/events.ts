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
  matchMapVetoChannel,
  matchPlayerPickerChannel,
  notificationChannel,
  soloQueueChannel,
  wireChannelName,
} from './channels.ts';
import type { ChannelKind } from './channels.ts';
import type {
  ChatMessagePayload,
  LocationVotePayload,
  NotificationPayload,
  PlayerPickerPayload,
  SoloQueueMatchFoundPayload,
  SoloQueueUpdatePayload,
  VetoMatchPayload,
} from './payloads.ts';

/**
 * Which channel (kind and Echo-name builder) each event uses, keyed by match id, or by user id for the
 * private notification channel, or by queue id for `OnSoloQueueUpdate`.
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
} as const satisfies Record<string, { kind: ChannelKind; channel: (id: number | string) => string }>;

export type RealtimeEventName = keyof typeof REALTIME_EVENTS;

export const REALTIME_EVENT_NAMES = Object.keys(REALTIME_EVENTS) as RealtimeEventName[];

/** Payload of each event, as the listener receives it (already JSON-decoded by pusher-js). */
export interface RealtimeEventPayloads {
  OnMessageSend: { message: ChatMessagePayload };
  /** Refetch the match, its permissions and its status. */
  MatchDetailUpdate: { matchId: number };
  /** The full updated match as the veto panel shows it. */
  OnMatchMapChange: { match: VetoMatchPayload };
  /** Prepend when fewer than 15 are listed, else refetch. */
  OnNotificationReceived: { notification: NotificationPayload };
  /** Refetch the sub candidates and the player list. */
  OnMatchDetailSubAdd: { matchId: number };
  /** Show `message` as a warning and recheck dispute eligibility. */
  OnMatchDetailDisputed: { matchId: number; message: string };
  /** The pug data after a pick (the spec shows no payload; ours carries the same data as the GET). */
  OnMatchPlayerPickerUpdate: PlayerPickerPayload;
  /** Reload the page. */
  OnMatchCancelled: { matchId: number };
  /** Seconds left of the location vote: -1 not started, 0 auto vote in progress. */
  OnMatchAutoLocationPickerUpdate: { matchId: number; remainingSeconds: number };
  /** Close the location voting modal. */
  OnMatchAutoLocationFinishUpdate: { matchId: number };
  OnMatchAutoLocationVoteUpdate: LocationVotePayload;
  /** Go to the match room at `url`. */
  OnSoloQueueMatchFound: SoloQueueMatchFoundPayload;
  /** The queue's new waiting count. */
  OnSoloQueueUpdate: SoloQueueUpdatePayload;
}

/** The name to pass to Echo's `listen()`: a leading dot opts out of Echo's namespace prefix. */
export function echoEventName<E extends RealtimeEventName>(event: E): `.${E}` {
  return `.${event}`;
}

/** The wire channel an event goes on for a match id (a user id for notifications, a queue id for queues). */
export function eventWireChannel(event: RealtimeEventName, id: number | string): string {
  const { kind, channel } = REALTIME_EVENTS[event];
  return wireChannelName(kind, channel(id));
}
