// Channel names of the match room and the header, in the two spellings that exist:
// - the Echo name (`match-chat.7`), which `echo.join()` / `echo.private()` / `echo.channel()` take and
//   prefix themselves with `presence-` / `private-`;
// - the wire name (`presence-match-chat.7`), which the server publishes to and signs.
// Builders for both live here so the server and the web app cannot drift apart.

/** Kind of a channel, which decides whether subscribing needs a signature. */
export type ChannelKind = 'public' | 'private' | 'presence';

/** Wire-name prefixes Pusher uses to tell the kinds apart. */
export const PRIVATE_PREFIX = 'private-';
export const PRESENCE_PREFIX = 'presence-';

/** The kind a wire channel name denotes (`private-encrypted-` is not supported and counts as private). */
export function channelKind(wireName: string): ChannelKind {
  if (wireName.startsWith(PRESENCE_PREFIX)) return 'presence';
  if (wireName.startsWith(PRIVATE_PREFIX)) return 'private';
  return 'public';
}

type Id = number | string;

/** Presence: who is in the match chat, and its messages. Join with `echo.join(matchChatChannel(id))`. */
export const matchChatChannel = (matchId: Id) => `match-chat.${matchId}`;
/** Private: one user's notifications. Listen with `echo.private(notificationChannel(userId))`. */
export const notificationChannel = (userId: Id) => `notification.${userId}`;
/** Public: "something changed, refetch the match, its permissions and status". */
export const matchDetailUpdateChannel = (matchId: Id) => `match-detail-update.${matchId}`;
export const matchMapVetoChannel = (matchId: Id) => `match-map-veto.${matchId}`;
export const matchDetailAddSubChannel = (matchId: Id) => `match-detail-add-sub.${matchId}`;
export const matchDetailDisputedChannel = (matchId: Id) => `match-detail-disputed.${matchId}`;
export const matchPlayerPickerChannel = (matchId: Id) => `match-player-picker.${matchId}`;
export const matchCancelledChannel = (matchId: Id) => `match-detail-on-cancelled.${matchId}`;
/** Not in the spec: the live round score read from the game server's log (docs/game-servers.md). */
export const matchLiveScoreChannel = (matchId: Id) => `match-live-score.${matchId}`;
export const matchAutoLocationPickerUpdateChannel = (matchId: Id) =>
  `match-auto-location-picker-update.${matchId}`;
export const matchAutoLocationFinishUpdateChannel = (matchId: Id) =>
  `match-auto-location-finish-update.${matchId}`;
export const matchAutoLocationVoteUpdateChannel = (matchId: Id) =>
  `match-auto-location-vote-update.${matchId}`;
/** Public: one solo-queue's waiting count (keyed by queue id, not match id). */
export const soloQueueChannel = (queueId: Id) => `solo-queue.${queueId}`;

/**
 * Private: one dispute ticket's new messages, for whoever may read the ticket (the match's players and
 * admins). Not in the spec. Listen with `echo.private(ticketChannel(ticketId))`.
 */
export const ticketChannel = (ticketId: Id) => `ticket.${ticketId}`;

/** Public: one tournament's page (sign-ups, check-ins, the bracket; keyed by tournament id). Not in the spec. */
export const tournamentChannel = (tournamentId: Id) => `tournament.${tournamentId}`;

/** The wire name of an Echo channel name of the given kind. */
export function wireChannelName(kind: ChannelKind, echoName: string): string {
  if (kind === 'presence') return PRESENCE_PREFIX + echoName;
  if (kind === 'private') return PRIVATE_PREFIX + echoName;
  return echoName;
}
