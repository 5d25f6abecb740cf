import type { HistoryMatch, MatchResult } from '@versus/common/api/match-history';
import { STATUS, type StatusId } from '@versus/common/match/statuses';
import { presentStatus } from '../../lib/match-status.ts';
import type { HistoryMatchRow } from './match-history.repository.ts';

function sideName(team: { name: string } | null, captain: string | null): string | null {
  return team?.name ?? (captain === null ? null : `Team ${captain}`);
}

function resultOf(statusId: StatusId, winnerSide: number | null, side: 1 | 2): MatchResult {
  if (statusId === STATUS.cancelled) return 'cancelled';
  if (statusId === STATUS.disputed || winnerSide === null) return 'disputed';
  if (winnerSide === 0) return 'draw';
  return winnerSide === side ? 'win' : 'loss';
}

/** `side` is the viewer's side (the team's or the player's); `playerDelta` overrides the team delta. */
export function presentHistoryMatch(
  row: HistoryMatchRow,
  side: 1 | 2,
  playerDelta: number | null = null,
): HistoryMatch {
  const mine = side === 1;
  const date = row.finishedAt ?? row.cancelledAt ?? row.createdAt;
  const status = presentStatus(row.statusId);
  return {
    id: row.id,
    url: `/match/${String(row.id)}`,
    type: row.type,
    ...status,
    date: date.toISOString(),
    side,
    teamName: mine
      ? sideName(row.challengerTeam, row.challengerCaptainName)
      : sideName(row.opponentTeam, row.opponentCaptainName),
    opponentName: mine
      ? sideName(row.opponentTeam, row.opponentCaptainName)
      : sideName(row.challengerTeam, row.challengerCaptainName),
    opponentSlug: (mine ? row.opponentTeam : row.challengerTeam)?.slug ?? null,
    score: mine ? row.challengerScore : row.opponentScore,
    opponentScore: mine ? row.opponentScore : row.challengerScore,
    result: resultOf(status.statusId, row.winnerSide, side),
    forfeit: row.forfeit,
    ratingDelta: playerDelta ?? (mine ? row.challengerRatingDelta : row.opponentRatingDelta),
  };
}
