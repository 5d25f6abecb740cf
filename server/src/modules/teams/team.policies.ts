// Who may change a team's roster. Pure predicates: the service enforces them and the presenter shows
// the same answers as permission flags.

/** The viewer's (or a target's) place on the team; null when not on it. */
export interface Membership {
  userId: number;
  isCaptain: boolean;
}

export function isCaptain(m: Membership | null): m is Membership {
  return m?.isCaptain === true;
}

/** Captains invite. */
export function canInvite(viewer: Membership | null): boolean {
  return isCaptain(viewer);
}

/** Captains take back their team's pending invitations. */
export function canWithdrawInvitation(viewer: Membership | null): boolean {
  return isCaptain(viewer);
}

/** Captains kick anyone but themselves, unless the target plays an active match for the team. */
export function canKick(
  viewer: Membership | null,
  target: Membership,
  targetInActiveMatch: boolean,
): boolean {
  return isCaptain(viewer) && target.userId !== viewer.userId && !targetInActiveMatch;
}

/**
 * Captains hand the captaincy to another member who may captain one more team of the game (the game's
 * `maxCaptainedTeams`: `targetCaptains` is how many teams of it the target captains now).
 */
export function canTransferTo(
  viewer: Membership | null,
  target: Membership,
  targetCaptains = 0,
  captainLimit = 1,
): boolean {
  return (
    isCaptain(viewer) && target.userId !== viewer.userId && mayCaptainAnother(targetCaptains, captainLimit)
  );
}

/** Whether a user who captains `captained` teams of a game may captain one more (create or receive one). */
export function mayCaptainAnother(captained: number, captainLimit: number): boolean {
  return captained < captainLimit;
}

/**
 * Members leave unless they play an active match for the team; a captain must transfer first,
 * except when alone (the team is then disbanded).
 */
export function canLeave(viewer: Membership | null, memberCount: number, inActiveMatch: boolean): boolean {
  if (viewer === null || inActiveMatch) return false;
  return !viewer.isCaptain || memberCount === 1;
}
