// Sign-up rules, pure: the service enforces them and the page shows them as flags.
import type { TournamentRow } from '../../db/schema/index.ts';

/** Sign-up closes at `signupDeadline`, or at the start when there is none. */
export function signupDeadline(t: Pick<TournamentRow, 'signupDeadline' | 'startDate'>): Date {
  return t.signupDeadline ?? t.startDate;
}

export function isSignupOpen(t: Pick<TournamentRow, 'status' | 'signupDeadline' | 'startDate'>, now: number) {
  return t.status === 'upcoming' && now < signupDeadline(t).getTime();
}

/** Open, and room left. Withdrawing follows the same deadline. */
export function canSignUp(
  t: Pick<TournamentRow, 'status' | 'signupDeadline' | 'startDate' | 'maxTeams'>,
  teamsCount: number,
  now: number,
) {
  return isSignupOpen(t, now) && teamsCount < t.maxTeams;
}
