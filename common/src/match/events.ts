// What an accepted command caused. The server turns these into broadcasts and notifications after the
// transaction commits (never before: a rolled-back change must not be announced).
import type { CancelReason, MatchResult, Side } from './state.ts';

export const NOTIFY_KINDS = [
  'challenge-received',
  'challenge-accepted',
  'challenge-declined',
  'challenge-cancelled',
  'match-cancelled',
  'ready-check-started',
  'veto-started',
  'match-forfeited',
  'player-select-started',
  'teams-balanced',
  'score-entered',
  'score-approved',
  'score-disapproved',
  'match-disputed',
  'dispute-resolved',
  'sub-added',
  'result-awarded',
  'match-walkover',
  'time-proposed',
  'time-agreed',
  'time-defaulted',
  'time-forfeited',
] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export type MatchEvent =
  /** Status or detail changed: broadcast `MatchDetailUpdate` on match-detail-update.{id}. */
  | { type: 'MatchDetailUpdate' }
  /** A veto step happened: broadcast `OnMatchMapChange` with the full veto match on match-map-veto.{id}. */
  | { type: 'OnMatchMapChange' }
  /** Broadcast `OnMatchCancelled` on match-detail-on-cancelled.{id}. */
  | { type: 'MatchCancelled'; reason: CancelReason }
  /** Notify these users (the server writes the notification text and the redirect to /match/{id}). */
  | { type: 'Notify'; userIds: number[]; kind: NotifyKind }
  /** Notify every admin (disputes). */
  | { type: 'NotifyAdmins'; kind: NotifyKind }
  /** The veto ended: provision a game server (at the chosen location, when there is one). */
  | { type: 'GameServerRequested'; locationId: number | null }
  /** The match has a result: apply ratings and record history. */
  | { type: 'MatchFinished'; winnerSide: MatchResult; forfeit: boolean }
  /** A pick happened: broadcast the pug data on match-player-picker.{id}. */
  | { type: 'PlayerPickerUpdate' }
  /** Broadcast `OnMatchAutoLocationVoteUpdate {id, votes}`. */
  | { type: 'LocationVoteUpdate'; locationId: number; votes: number }
  /** Broadcast `OnMatchAutoLocationFinishUpdate`. */
  | { type: 'LocationVoteFinished'; locationId: number }
  /** Broadcast `OnMatchDetailDisputed {message}`. */
  | { type: 'MatchDisputed'; byUserId: number }
  /** A captain added a substitute: broadcast `OnMatchDetailSubAdd` on match-detail-add-sub.{id}. */
  | { type: 'SubAdded'; userId: number; side: Side };

export type MatchEventType = MatchEvent['type'];
