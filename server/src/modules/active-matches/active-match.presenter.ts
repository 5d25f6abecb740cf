import type { ActiveMatch } from '@versus/common/api/active-matches';
import { storedStatusId } from '../../lib/match-status.ts';
import type { ActiveMatchRow } from './active-match.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Solo-queue sides have no team row: they are named after their captain, as in the match room. */
function sideName(team: string | null, captain: string | null, hasTeams: boolean): string | null {
  if (team !== null) return team;
  return !hasTeams && captain !== null ? `Team ${captain}` : null;
}

/** One row of the header's Active games panel. */
export function presentActiveMatch(row: ActiveMatchRow): ActiveMatch {
  const isSoloQueue = row.type === 'solo-queue';
  return {
    id: row.id,
    tournamentId: row.tournamentId,
    startDate: iso(row.startDate),
    expectedStartDate: iso(row.expectedStartDate),
    createdAt: row.createdAt.toISOString(),
    challengerTeamName: sideName(row.challengerTeamName, row.challengerCaptainName, !isSoloQueue),
    opponentTeamName: sideName(row.opponentTeamName, row.opponentCaptainName, !isSoloQueue),
    statusId: storedStatusId(row.statusId),
  };
}
