import type { AdminLocation, AdminMap, MatchSummary, OpenDispute } from '@versus/common/api/admin';
import type { LocationRow, MapRow } from '../../db/schema/index.ts';
import { presentStatus } from '../../lib/match-status.ts';
import type { MatchSummaryRow, openTickets } from './admin.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const sideName = (team: string | null, captain: string | null) =>
  team ?? (captain === null ? null : `Team ${captain}`);

export function presentMatchSummary(m: MatchSummaryRow): MatchSummary {
  return {
    id: m.id,
    url: `/match/${String(m.id)}`,
    type: m.type,
    ...presentStatus(m.statusId),
    challengerTeamName: sideName(m.challengerTeamName, m.challengerCaptainName),
    opponentTeamName: sideName(m.opponentTeamName, m.opponentCaptainName),
    challengerScore: m.challengerScore,
    opponentScore: m.opponentScore,
    createdAt: m.createdAt.toISOString(),
    startDate: iso(m.startDate),
    scoreEnteredAt: iso(m.scoreEnteredAt),
    scoreApprovalDeadline: iso(m.scoreApprovalDeadline),
  };
}

type TicketRows = Awaited<ReturnType<typeof openTickets>>;

export function presentOpenDisputes(
  rows: TicketRows,
  matchesById: Map<number, MatchSummaryRow>,
): OpenDispute[] {
  return rows.map((t) => {
    const match = matchesById.get(t.matchId);
    return {
      ticketId: t.id,
      url: `/ticket/${String(t.id)}`,
      description: t.description,
      openedBy: t.openedBy,
      createdAt: t.createdAt.toISOString(),
      match: match ? presentMatchSummary(match) : null,
    };
  });
}

export function presentMap(m: MapRow): AdminMap {
  return {
    id: m.id,
    gameId: m.gameId,
    name: m.name,
    nameCmd: m.nameCmd,
    image: m.image,
    isActive: m.isActive,
  };
}

export function presentLocation(l: LocationRow): AdminLocation {
  return {
    id: l.id,
    hostname: l.hostname,
    name: l.name,
    city: l.city,
    country: l.country,
    flag: l.flag,
    isActive: l.isActive,
  };
}
