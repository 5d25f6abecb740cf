import type { ActiveMatchRow } from './active-match.repository.ts';

/** One row of the header's Active games panel (spec: User active match). */
export interface ActiveMatchItem {
  id: number;
  tournamentId: number | null;
  startDate: string | null;
  expectedStartDate: string | null;
  createdAt: string;
  /** Null when the side is not known yet (a bracket slot); the panel shows TBD. */
  challengerTeamName: string | null;
  opponentTeamName: string | null;
  statusId: number;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Solo-queue sides have no team row: they are named after their captain, as in the match room. */
function sideName(team: string | null, captain: string | null, hasTeams: boolean): string | null {
  if (team !== null) return team;
  return !hasTeams && captain !== null ? `Team ${captain}` : null;
}

export function presentActiveMatch(row: ActiveMatchRow): ActiveMatchItem {
  const isSoloQueue = row.type === 'solo-queue';
  return {
    id: row.id,
    tournamentId: row.tournamentId,
    startDate: iso(row.startDate),
    expectedStartDate: iso(row.expectedStartDate),
    createdAt: row.createdAt.toISOString(),
    challengerTeamName: sideName(row.challengerTeamName, row.challengerCaptainName, !isSoloQueue),
    opponentTeamName: sideName(row.opponentTeamName, row.opponentCaptainName, !isSoloQueue),
    statusId: row.statusId,
  };
}
