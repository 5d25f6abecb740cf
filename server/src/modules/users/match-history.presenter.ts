import type { HistoryMatch, MatchResult } from '@versus/common/api/match-history';
import { asCancelReason, matchOutcome } from '@versus/common/match/outcome';
import { RESULT_DRAW, SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { MatchResult as Result } from '@versus/common/match/state';
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

function storedResult(winnerSide: number | null): Result | null {
  return winnerSide === RESULT_DRAW || winnerSide === SIDE_CHALLENGER || winnerSide === SIDE_OPPONENT
    ? winnerSide
    : null;
}

/**
 * The match's outcome in words when the result alone does not tell it (the same words as the match room):
 * a walkover, a result an admin awarded and why, how it was cancelled; null for a played result.
 */
function outcomeText(row: HistoryMatchRow, statusId: StatusId): string | null {
  const cancelledBy = row.cancelledByUserId;
  const outcome = matchOutcome({
    statusId,
    winnerSide: storedResult(row.winnerSide),
    forfeit: row.forfeit,
    awardReason: row.awardReason,
    cancelReason: asCancelReason(row.cancelReason),
    cancelledBySide:
      cancelledBy === null
        ? null
        : cancelledBy === row.challengerCaptainId
          ? SIDE_CHALLENGER
          : cancelledBy === row.opponentCaptainId
            ? SIDE_OPPONENT
            : null,
    names: {
      challenger: sideName(row.challengerTeam, row.challengerCaptainName) ?? 'TBD',
      opponent: sideName(row.opponentTeam, row.opponentCaptainName) ?? 'TBD',
    },
  });
  if (outcome === null) return null;
  const played = outcome.kind === 'won' || outcome.kind === 'draw';
  if (played) return outcome.detail;
  return outcome.detail === null ? outcome.headline : `${outcome.headline}. ${outcome.detail}`;
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
    outcomeText: outcomeText(row, status.statusId),
    ratingDelta: playerDelta ?? (mine ? row.challengerRatingDelta : row.opponentRatingDelta),
    // Solo-queue rates each player; ladders and tournaments rate the team.
    ratingOf: row.type === 'solo-queue' ? 'player' : 'team',
  };
}
