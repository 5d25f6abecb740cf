// Sign-up rules, pure: the service enforces them and the page shows them as flags.
import type { TournamentRow, TournamentTeamRow } from '../../db/schema/index.ts';

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

/** The check-in window: the last `checkInMinutes` before the start (none when 0). */
export function isCheckInOpen(
  t: Pick<TournamentRow, 'status' | 'startDate' | 'checkInMinutes'>,
  now: number,
): boolean {
  const start = t.startDate.getTime();
  return (
    t.status === 'upcoming' && t.checkInMinutes > 0 && now >= start - t.checkInMinutes * 60_000 && now < start
  );
}

/** A signed-up team that has not checked in yet, while the window is open. */
export function canCheckIn(
  t: Pick<TournamentRow, 'status' | 'startDate' | 'checkInMinutes'>,
  entry: Pick<TournamentTeamRow, 'withdrawnAt' | 'checkedInAt'> | null,
  now: number,
): boolean {
  return entry !== null && entry.withdrawnAt === null && entry.checkedInAt === null && isCheckInOpen(t, now);
}
