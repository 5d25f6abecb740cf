// Shapes carried by realtime events (docs/realtime.md): the inferred types of the zod schemas in
// `@versus/common/api/*` (type-only imports: no zod reaches the browser), so an answer and its broadcast
// cannot differ.
import type { ChatMessage, PresenceUserInfo as PresenceUserInfoType } from '../api/chat.ts';
import type { LiveScore } from '../api/game-servers.ts';
import type { VetoMapEntry, VetoMatch } from '../api/matches.ts';
import type { Notification } from '../api/notifications.ts';
import type { RealtimeEventPayloads } from './events.ts';

/** What a presence member's `user_info` holds (the "Online users" list). Under 1 KB when serialised. */
export type PresenceUserInfo = PresenceUserInfoType;
export type ChatMessagePayload = ChatMessage;
/** A notification as the header panel lists it (`@versus/common/api/notifications`). */
export type NotificationPayload = Notification;
export type VetoMapEntryPayload = VetoMapEntry;
export type VetoMatchPayload = VetoMatch;
export type LocationVotePayload = RealtimeEventPayloads['OnMatchAutoLocationVoteUpdate'];
/**
 * The pick's data and one player of it as the Player Picker shows them: `GET /api/v1/pug/{matchId}/users`
 * answers `{data: PickData}`.
 */
export type { PickData, PickUser } from '../api/pick.ts';
/** `OnMatchPlayerPickerUpdate` on match-player-picker.{id}: after every pick (a captain's or the timeout's). */
export type PlayerPickerPayload = RealtimeEventPayloads['OnMatchPlayerPickerUpdate'];
/** `OnSoloQueueMatchFound` on private-notification.{userId}: go to the formed match's room. */
export type SoloQueueMatchFoundPayload = RealtimeEventPayloads['OnSoloQueueMatchFound'];
/** `OnSoloQueueStatus` on private-notification.{userId}: the user's queue status after a change. */
export type SoloQueueStatusPayload = RealtimeEventPayloads['OnSoloQueueStatus'];
/** `OnSoloQueueUpdate` on the public channel solo-queue.{queueId}: the queue's size changed. */
export type SoloQueueUpdatePayload = RealtimeEventPayloads['OnSoloQueueUpdate'];
/** `OnMatchLiveScore` and `GET /api/v1/match/{id}/live-score`: the log's rounds won per played map. */
export type LiveScorePayload = LiveScore;
