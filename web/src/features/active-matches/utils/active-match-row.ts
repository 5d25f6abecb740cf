import type { ActiveMatch } from '@versus/common/api/active-matches';
import { STATUS, type StatusId } from '@versus/common/match/statuses';

/**
 * The date a row shows: tournament matches show startDate, else expectedStartDate, else
 * nothing; every other match shows createdAt.
 */
export function activeMatchDate(match: ActiveMatch): string | null {
  if (match.tournamentId !== null) return match.startDate ?? match.expectedStartDate ?? null;
  return match.createdAt;
}

/** The badge text per status; other statuses show no badge. */
const BADGES: Readonly<Partial<Record<StatusId, string>>> = {
  [STATUS.challenge]: 'View challenge',
  [STATUS.readyUp]: 'Ready up',
  [STATUS.mapVeto]: 'Map select',
  [STATUS.playerSelect]: 'Player select',
  [STATUS.locationSelect]: 'Location select',
  [STATUS.inProgress]: 'Submit score',
  [STATUS.disputed]: 'Dispute',
  [STATUS.scoreEntered]: 'Score entered, waiting for approval',
};

export function activeMatchBadge(statusId: StatusId): string | null {
  return BADGES[statusId] ?? null;
}

/** A side's name, TBD while it is not known. */
export const teamNameOrTbd = (name: string | null): string => (name === null || name === '' ? 'TBD' : name);
