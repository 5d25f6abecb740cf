export const TEAM_TEXTS = {
  notFound: 'Team not found.',
  notCaptain: 'Only the team captain can do this.',
  notMember: 'You are not a member of this team.',
  targetNotMember: 'The selected user is not a member of this team.',
  nameTaken: 'The name has already been taken.',
  noGame: 'The selected game does not exist.',
  captainMustTransfer: 'Transfer the captaincy to another member before leaving the team.',
  activeMatch: 'This player has a match in progress for the team.',
  activeMatchSelf: 'You have a match in progress for the team.',
  kickSelf: 'You cannot kick yourself; leave the team instead.',
  alreadyCaptain: 'The selected user is already the captain.',
  userNotFound: 'The selected user does not exist.',
  alreadyMember: 'The selected user is already a member of this team.',
  alreadyInvited: 'The selected user already has a pending invitation to this team.',
  invitationNotFound: 'Invitation not found.',
  invitationAnswered: 'This invitation has already been answered.',
  invitationWithdrawn: 'This invitation has been withdrawn by the team captain.',
  created: 'The team has been created.',
  left: 'You have left the team.',
  disbanded: 'You have left the team; it had no other members and was disbanded.',
  kicked: 'The player has been removed from the team.',
  captainChanged: 'The captaincy has been transferred.',
  invited: 'The invitation has been sent.',
  accepted: 'You have joined the team.',
  declined: 'The invitation has been declined.',
  withdrawn: 'The invitation has been withdrawn.',
} as const;

const teamsWord = (n: number) => (n === 1 ? 'team' : 'teams');

/** `You already captain 1 team in Call of Duty 4; a player may captain at most 1 team per game.` */
export function captainLimitText(who: string | null, captained: number, game: string, limit: number): string {
  const subject = who === null ? 'You already captain' : `${who} already captains`;
  return `${subject} ${String(captained)} ${teamsWord(captained)} in ${game}; a player may captain at most ${String(limit)} ${teamsWord(limit)} per game.`;
}
