// Why a captain's veto or pick click is refused, decided once from a small view that both the machine
// (from its `MatchState`) and the web (from the API's veto match or pick data) can build, so the browser
// refuses a click with exactly the message the server would answer. Checks run in the machine's order.
import type { DomainError } from './errors.ts';
import { domainError } from './errors.ts';
import { MATCH_TEXTS, vetoMapTaken } from './match-texts.ts';

/** A captain as the click rules see one; a side without a captain has both fields null. */
export interface CaptainView {
  userId: number | null;
  username: string | null;
}

/** What the veto rule needs to know about a match in status 2 and the clicked map. */
export interface VetoClickView {
  /** The challenger's captain, then the opponent's. */
  captains: readonly [CaptainView, CaptainView];
  /** The user id of the captain whose turn it is; null when no turn is due. */
  turnUserId: number | null;
  /** The turn's deadline has passed: from then on only the system acts. */
  turnOver: boolean;
  /** The clicked map, null when it is not in the match's pool. */
  map: { name: string; available: boolean } | null;
}

/** What the pick rule needs to know about a match in status 10 and the clicked player. */
export interface PickClickView {
  /** The two captains' user ids (null for a side without one). */
  captainUserIds: readonly [number | null, number | null];
  /** The user id of the captain whose turn it is; null when nobody picks. */
  turnUserId: number | null;
  /** The pick's deadline has passed: from then on only the system picks. */
  turnOver: boolean;
  /** The clicked player is still in the pool. */
  playerAvailable: boolean;
}

function isCaptain(captainUserIds: readonly (number | null)[], userId: number | null): boolean {
  return userId !== null && captainUserIds.includes(userId);
}

/** "Only captains ..." with both captains' names ("N/A" for a missing one). */
function notParticipant(captains: VetoClickView['captains']): string {
  const names = captains.map((c) => c.username ?? 'N/A');
  return `${MATCH_TEXTS.vetoNotParticipantPrefix} ${names.join(', ')}`;
}

/**
 * The refusal of a map click by `userId` during the veto, or null when the click may go through:
 * not a captain, not their turn, the turn ran out, the map is not in the pool, the map is already taken.
 */
export function vetoClickRefusal(view: VetoClickView, userId: number | null): DomainError | null {
  const captainIds = view.captains.map((c) => c.userId);
  if (!isCaptain(captainIds, userId)) return domainError('not-participant', notParticipant(view.captains));
  if (view.turnUserId !== userId) return domainError('not-your-turn', MATCH_TEXTS.vetoNotYourTurn);
  if (view.turnOver) return domainError('stale', MATCH_TEXTS.vetoTurnOver);
  if (view.map === null) return domainError('invalid', MATCH_TEXTS.vetoMapNotInPool);
  if (!view.map.available) return domainError('invalid', vetoMapTaken(view.map.name));
  return null;
}

/**
 * The refusal of a player click by `userId` while captains pick, or null when the click may go through:
 * not a captain, not their turn, the turn ran out, the player is no longer in the pool.
 */
export function pickClickRefusal(view: PickClickView, userId: number | null): DomainError | null {
  if (!isCaptain(view.captainUserIds, userId)) return domainError('forbidden', MATCH_TEXTS.pickNotCaptain);
  if (view.turnUserId !== userId) return domainError('not-your-turn', MATCH_TEXTS.pickNotYourTurn);
  if (view.turnOver) return domainError('stale', MATCH_TEXTS.pickTurnOver);
  if (!view.playerAvailable) return domainError('invalid', MATCH_TEXTS.pickNotAvailable);
  return null;
}
