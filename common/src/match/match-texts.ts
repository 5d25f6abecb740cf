// Every refusal text of the match machine, in one place. Texts the spec fixes are verbatim (marked
// "spec"); the others are ours, written in the same voice.
export const MATCH_TEXTS = {
  // Map veto.
  vetoWrongStatus: 'The map veto is not in progress for this match.',
  /** spec; followed by the two captains' usernames, see `vetoRefusal`. */
  vetoNotParticipantPrefix:
    'You are not the challenger or accepter or this match, only the following players can veto:',
  /** spec */
  vetoNotYourTurn: "It's not your turn to pick/ban!",
  vetoMapNotInPool: 'This map is not in the map pool of this match.',
  /** spec; preceded by the map name, see `vetoMapTaken`. */
  vetoMapTakenSuffix: '- is already picked/banned!',
  vetoTurnOver: 'Your time for this turn is over, the map is being chosen automatically.',

  // Challenge, cancel.
  challengeNotPending: 'This challenge is no longer waiting for an answer.',
  challengeNotOpponentCaptain: 'Only the captain of the challenged team can accept this challenge.',
  cancelNotAllowed: 'You are not allowed to cancel this match.',
  cancelFinal: 'This match is already finished or cancelled.',

  // Ready check.
  readyWrongStatus: 'The ready check is not in progress for this match.',
  readyNotCaptain: 'Only the captains of the two teams can set their team ready.',
  readyCheckOver: 'The ready check is over.',
  readyAlready: 'Your team is already ready.',
  notReadyAlready: 'Your team is already not ready.',

  // Player select.
  pickWrongStatus: 'Player picking is not in progress for this match.',
  pickNotCaptain: 'Only the captains can pick players.',
  pickNotYourTurn: "It's not your turn to pick a player!",
  pickNotAvailable: 'This player is not available to be picked.',
  pickTurnOver: 'Your time for this pick is over, a player is being picked automatically.',

  // Location vote.
  locationWrongStatus: 'Location voting is not in progress for this match.',
  locationNotPlayer: 'Only the players of this match can vote for a location.',
  locationUnknown: 'This location is not offered for this match.',
  locationVoteOver: 'Location voting is over.',

  // Score.
  scoreWrongStatus: 'A score cannot be entered for this match now.',
  scoreNotCaptain: 'Only the captains of the two teams can enter the score.',
  scoreOtherTeamEntered: 'The other team has already entered the score; approve or disapprove it.',
  scoreMapsMismatch: 'Enter one score for each map that was played.',
  scoreNotWhole: 'Scores must be whole numbers from 0 to {max}.',
  scoreMapTied: 'A map cannot end in a tie.',
  scoreNoWinner: 'The scores must give a winner of the series.',
  scoreAfterWinner: 'Maps after the series was decided must be left empty.',
  approveWrongStatus: 'There is no entered score waiting for approval.',
  approveNotAllowed: 'Only the captain of the other team or an admin can approve or disapprove this score.',

  // Dispute.
  disputeNotAllowed: 'Only the players of this match can open a dispute.',
  disputeWrongStatus: 'This match cannot be disputed now.',
  disputeWindowOver: 'The time to dispute this match is over.',
  resolveNotAdmin: 'Only admins can resolve a dispute.',
  resolveWrongStatus: 'This match is not disputed.',

  // Substitutes.
  subNotCaptain: 'Only the captains of this match can add substitutes.',
  subMatchOver: 'Substitutes can be added only before the result is entered.',
  subReplacesUnknown: 'Choose the player of your lineup the substitute replaces.',
  subNotAvailable: 'This player is not available to be added.',
  subLimit: 'Your team has already added the maximum of {max} substitutes.',

  // Sweeper races.
  staleNotDue: 'The deadline has not passed yet.',
  staleStep: 'This step has already been played.',
} as const;

/** spec: `{map name} - is already picked/banned!` */
export function vetoMapTaken(mapName: string): string {
  return `${mapName} ${MATCH_TEXTS.vetoMapTakenSuffix}`;
}

/** spec success toast of a map click: `{map name} - selected successfully.` */
export function vetoMapSelected(mapName: string): string {
  return `${mapName} - selected successfully.`;
}

export function scoreNotWhole(max: number): string {
  return MATCH_TEXTS.scoreNotWhole.replace('{max}', String(max));
}

/** A captain's score while the game server's log shows a map in play. */
export function scoreWhileMapLive(mapName: string, first: number, second: number): string {
  return `${mapName} is still being played on the game server (server log: ${String(first)}-${String(second)}). Enter the score when the map has ended.`;
}

/** `A map can end level only at 12–12.` (draws allowed, every round played) */
export function scoreLevelOnlyAt(score: number): string {
  return `A map can end level only at ${String(score)}–${String(score)}.`;
}

export function subLimit(max: number): string {
  return MATCH_TEXTS.subLimit.replace('{max}', String(max));
}
