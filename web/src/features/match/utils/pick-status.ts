// The Player Picker's countdown line and lock (docs/match-room.md, "Player select (solo-queue)").
import { pickClickRefusal as decidePickClickRefusal } from '@versus/common/match/click-refusal';
import type { PickClickView } from '@versus/common/match/click-refusal';
import { POOL_TEAM_ID } from '@versus/common/match/state';
import type { PickData, PickUser } from '@versus/common/realtime';

export const AUTO_PICK_IN_PROGRESS = 'Auto player picker in progress ...';
export const AUTO_PICK_FINISHED = 'Auto player picker finished, waiting for the location voting to start ...';

export interface PickStatus {
  text: string;
  /** True while a click must not pick (the system is picking, or picking is over). */
  locked: boolean;
}

/** The captain whose turn it is, or null when nobody picks. */
export function pickingCaptain(pick: PickData): string | null {
  if (pick.pickerTeamId === null) return null;
  const captain = pick.pickerTeamId === pick.challengerTeamId ? pick.challengerUser : pick.opponentUser;
  return captain?.username ?? 'N/A';
}

/**
 * For `nowSeconds` (unix seconds): picking over → the finished text; a picker set and under a second left
 * (or no deadline) → the auto-picker text; otherwise "{captain} is picking a player | {n} seconds remaining ...".
 */
export function pickStatus(pick: PickData, nowSeconds: number): PickStatus {
  const captain = pickingCaptain(pick);
  if (captain === null) return { text: AUTO_PICK_FINISHED, locked: true };
  const seconds = pick.timeRemaining === null ? 0 : Math.floor(pick.timeRemaining - nowSeconds);
  if (seconds < 1) return { text: AUTO_PICK_IN_PROGRESS, locked: true };
  return { text: `${captain} is picking a player | ${seconds} seconds remaining ...`, locked: false };
}

/** What the pick rule needs, built from the pick data and the clicked player (at `nowSeconds`). */
export function pickClickView(pick: PickData, player: PickUser, nowSeconds: number): PickClickView {
  const picker =
    pick.pickerTeamId === null
      ? null
      : pick.pickerTeamId === pick.challengerTeamId
        ? pick.challengerUser
        : pick.opponentUser;
  return {
    captainUserIds: [pick.challengerUser?.id ?? null, pick.opponentUser?.id ?? null],
    turnUserId: picker?.id ?? null,
    turnOver: pick.timeRemaining !== null && nowSeconds >= pick.timeRemaining,
    playerAvailable: player.teamId === POOL_TEAM_ID,
  };
}

/**
 * Why a click by `userId` on `player` must not reach the server, or null when it may: the same rule, in the
 * same order and with the same texts, as the server's (`common/src/match/click-refusal.ts`).
 */
export function pickClickRefusal(
  pick: PickData,
  player: PickUser,
  userId: number | null,
  nowSeconds: number,
): string | null {
  return decidePickClickRefusal(pickClickView(pick, player, nowSeconds), userId)?.message ?? null;
}
