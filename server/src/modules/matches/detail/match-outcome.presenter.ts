// The match detail's `outcome`: how a finished or cancelled match ended, in words (common's
// `matchOutcome`, which the match history uses too), whether it moved ratings, and the played maps' scores,
// which stay in the room once the match is over.
import type { MatchOutcomeView, OutcomeMap } from '@versus/common/api/outcome';
import { matchOutcome } from '@versus/common/match/outcome';
import { captainSide } from '@versus/common/match/state';
import type { MatchRecord } from '../core/match-state.mapper.ts';

/** The played maps in play order with their scores (`firstScore` the challenger's). */
export function playedMapScores(record: MatchRecord): OutcomeMap[] {
  return record.maps
    .flatMap((m) =>
      m.row && m.row.mapOrder !== null
        ? [
            {
              order: m.row.mapOrder,
              map: {
                id: m.row.id,
                name: m.name,
                nameCmd: m.nameCmd,
                firstScore: m.row.firstScore,
                secondScore: m.row.secondScore,
              },
            },
          ]
        : [],
    )
    .sort((a, b) => a.order - b.order)
    .map((m) => m.map);
}

export function presentOutcome(record: MatchRecord): MatchOutcomeView | null {
  const match = record.state;
  const outcome = matchOutcome({
    statusId: match.statusId,
    winnerSide: match.winnerSide,
    forfeit: match.forfeit,
    awardReason: match.award?.reason ?? null,
    cancelReason: match.cancelReason,
    cancelledBySide: captainSide(match, match.cancelledByUserId),
    names: { challenger: match.challenger.name, opponent: match.opponent.name },
  });
  if (outcome === null) return null;
  const maps = playedMapScores(record).filter((m) => m.firstScore !== null || m.secondScore !== null);
  return { ...outcome, rated: record.row.challengerRatingDelta !== null, maps };
}
