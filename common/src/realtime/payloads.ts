// Shapes carried by realtime events (spec section 3). When the API's zod schemas land in common/,
// these become `z.infer` aliases of the same shapes so an answer and its broadcast cannot differ.

/** What a presence member's `user_info` holds (the "Online users" list). Under 1 KB when serialised. */
export interface PresenceUserInfo {
  id: number;
  uuid: string;
  username: string;
  image: string | null;
  /** Sanitized HTML. */
  formattedUsername: string;
}

export interface ChatMessagePayload {
  id: number;
  /** Plain text (never HTML): render it as text. */
  message: string;
  user: { id: number; image: string | null; username: string; formattedUsername: string };
  /** ISO 8601. */
  createdAt: string;
}

export interface NotificationPayload {
  id: number | string;
  /** Sanitized HTML. */
  message: string;
  createdAt: string;
  createdAtTime: string;
  data: { redirectUrl: string | null };
}

export interface VetoMapEntryPayload {
  id: number;
  map: { name: string; name_cmd: string; image: string };
  pickedByTeamId: number | null;
  pickedByTeamName: string | null;
  /** -1 = banned by the system. */
  removedByTeamId: number | null;
  removedByTeamName: string | null;
  deciderMap: boolean;
  mapOrder: number | null;
  mapIndex: number;
}

export interface VetoMatchPayload {
  id: number;
  statusId: number;
  detail: unknown;
  scores: unknown;
  /** Unix seconds: deadline of the current veto turn, null while the auto-veto starts. */
  timeRemaining: number | null;
  maps: VetoMapEntryPayload[];
  challengerTeam: { id: number; tag: string } | null;
  opponentTeam: { id: number; tag: string } | null;
  challengerUser: { id: number; username: string } | null;
  opponentUser: { id: number; username: string } | null;
  vetoDetail: { userId: number; teamId: number; step: 'ban' | 'pick' } | null;
}

export interface LocationVotePayload {
  matchId: number;
  /** Location id. */
  id: number;
  votes: number;
}

/** One player of a solo-queue match as the Player Picker shows it. */
export interface PugUserPayload {
  id: number;
  username: string;
  image: string | null;
  /** Safe CSS colours or null. */
  color: string | null;
  backgroundColor: string | null;
  /** Plain text. */
  className: string | null;
  elo: number;
  /** The side's team id (solo-queue: 1 challenger, 2 opponent), -1 while in the pool. */
  teamId: number;
}

/** The spec's pug data: `GET /api/v1/pug/{matchId}/users` answers `{data: PugDataPayload}`. */
export interface PugDataPayload {
  users: PugUserPayload[];
  challengerTeamId: number;
  opponentTeamId: number;
  challengerUser: { username: string; color: string | null } | null;
  opponentUser: { username: string; color: string | null } | null;
  /** The team id whose captain picks now; null when picking is over. */
  pickerTeamId: number | null;
  /** Unix seconds: deadline of the current pick; null when picking is over. */
  timeRemaining: number | null;
}

/** `OnMatchPlayerPickerUpdate` on match-player-picker.{id}: after every pick (a captain's or the timeout's). */
export interface PlayerPickerPayload {
  matchId: number;
  /** The pug data after the change, so listeners need not refetch; absent (refetch) past the 10 KB limit. */
  pug?: PugDataPayload;
}

/**
 * `OnSoloQueueMatchFound` on private-notification.{userId}: a solo-queue the user waited in formed a
 * match; the client goes to `url` (`/match/{id}`).
 */
export interface SoloQueueMatchFoundPayload {
  matchId: number;
  queueId: number;
  url: string;
}

/** `OnSoloQueueUpdate` on the public channel solo-queue.{queueId}: the queue's size changed. */
export interface SoloQueueUpdatePayload {
  queueId: number;
  queuedCount: number;
  playersNeeded: number;
}
