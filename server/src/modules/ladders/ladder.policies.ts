// Who may challenge whom on a ladder. Pure: the standings presenter shows it as `canChallenge`; the
// challenge service enforces the same rules (captain of a team on the ladder with at least the ladder's
// team size of members, not the own team, no challenge already open between the two).

export interface ChallengeView {
  /** The viewer's captained teams that are on the ladder. */
  ownTeamIds: readonly number[];
  /** Of those, the teams with at least the ladder's team size of members (the ones that may play). */
  playableTeamIds: readonly number[];
  /** Open (1 or 3) challenges on the ladder involving one of the viewer's teams, as team id pairs. */
  openPairs: readonly { a: number | null; b: number | null }[];
}

export function canChallenge(view: ChallengeView, targetTeamId: number, targetHasCaptain: boolean): boolean {
  if (!targetHasCaptain) return false;
  return view.playableTeamIds.some(
    (own) =>
      own !== targetTeamId &&
      !view.openPairs.some(
        (p) => (p.a === own && p.b === targetTeamId) || (p.b === own && p.a === targetTeamId),
      ),
  );
}
