// An admin awards the result of a match that has none yet (any status but 5, 6 and 7): a named winner (or a
// draw where the competition allows draws), optionally with the played maps' scores, or a walkover (one side
// did not show; the other wins). Always with a reason, which the room shows. The match finishes (→ 5) like
// any other result, so everything that follows a result follows this one too (the bracket, the ladder
// standings, notifications, the game server's release); ratings move for an awarded result and not for a
// walkover (ratings.service.ts on the server). An awarded result cannot be disputed: an admin has decided.
import type { Actor, ResultAward } from './commands.ts';
import { accepted, matchPlayerIds, moveTo, refused } from './decision.ts';
import type { Decision } from './decision.ts';
import { AWARD_NO_DISPUTE, EMPTY_SCORE, playedMaps, seriesResult } from './score.ts';
import { otherSide, RESULT_DRAW } from './state.ts';
import type { MatchResult, MatchState, ScoreState, Side } from './state.ts';
import { STATUS } from './statuses.ts';

/** Longest reason an admin may give (characters, after trimming). */
export const AWARD_REASON_MAX = 500;

export const AWARD_TEXTS = {
  notAdmin: 'Only admins can award a result.',
  finished: 'This match already has a result.',
  cancelled: 'This match was cancelled: there is no result to award.',
  disputed: 'This match is disputed: settle it from its dispute ticket.',
  sidesUnknown: 'Both sides of this match must be known before a result can be awarded.',
  reasonMissing: 'Give the reason for this result.',
  drawNotAllowed: 'This competition does not allow draws.',
  noMapsPlayed: 'No maps were chosen for this match, so it has no map scores to enter.',
  scoresDisagree: 'The map scores do not give the winner you chose.',
  /** The refusal of a dispute of an awarded result (score.ts). */
  noDispute: AWARD_NO_DISPUTE,
  /** The answer of a successful award. */
  awarded: 'The result was awarded successfully',
} as const;

/** Why an admin may not award a result for this match now, or null when they may. */
export function awardRefusal(match: MatchState): string | null {
  if (match.statusId === STATUS.finished) return AWARD_TEXTS.finished;
  if (match.statusId === STATUS.cancelled) return AWARD_TEXTS.cancelled;
  if (match.statusId === STATUS.disputed) return AWARD_TEXTS.disputed;
  const known =
    match.type === 'solo-queue'
      ? match.challenger.captainUserId !== null && match.opponent.captainUserId !== null
      : match.challenger.teamId !== null && match.opponent.teamId !== null;
  return known ? null : AWARD_TEXTS.sidesUnknown;
}

/** The score a result is stored with: the admin's map scores, or none (a walkover, a bare winner). */
function awardedScore(
  match: MatchState,
  award: ResultAward,
  actor: Actor,
): { score: ScoreState; winnerSide: MatchResult } | string {
  if (award.kind === 'walkover') return { score: EMPTY_SCORE, winnerSide: otherSide(award.absentSide) };
  if (award.winnerSide === RESULT_DRAW && !match.settings.drawsAllowed) return AWARD_TEXTS.drawNotAllowed;
  if (award.scores === null || award.scores.length === 0) {
    return { score: EMPTY_SCORE, winnerSide: award.winnerSide };
  }
  if (playedMaps(match).length === 0) return AWARD_TEXTS.noMapsPlayed;
  const series = seriesResult(match, award.scores);
  if (typeof series === 'string') return series;
  if (series.winnerSide !== award.winnerSide) return AWARD_TEXTS.scoresDisagree;
  return {
    winnerSide: series.winnerSide,
    score: {
      maps: award.scores.map((s) => ({ ...s })),
      // The admin's sheet belongs to no side; the score form names the admin as its author.
      enteredBySide: null,
      enteredByUserId: actor.userId,
      approvalDeadline: null,
      challengerMaps: series.challengerMaps,
      opponentMaps: series.opponentMaps,
    },
  };
}

export function decideResultAward(
  match: MatchState,
  actor: Actor,
  award: ResultAward,
  now: number,
): Decision {
  if (!actor.isAdmin) return refused('forbidden', AWARD_TEXTS.notAdmin);
  const refusal = awardRefusal(match);
  if (refusal !== null) return refused('wrong-status', refusal);
  const reason = award.reason.trim();
  if (reason === '') return refused('invalid', AWARD_TEXTS.reasonMissing);
  const result = awardedScore(match, award, actor);
  if (typeof result === 'string') return refused('invalid', result);
  const forfeit = award.kind === 'walkover';
  const { winnerSide } = result;
  return accepted(
    {
      ...moveTo(match, STATUS.finished),
      winnerSide,
      forfeit,
      award: { reason, byUserId: actor.userId },
      finishedAt: now,
      score: result.score,
      // Every clock stops: the phase the match was in is over.
      readyDeadline: null,
      veto: { ...match.veto, deadline: null },
      pick: { ...match.pick, deadline: null },
      location: { ...match.location, deadline: null },
    },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'MatchFinished', winnerSide, forfeit },
      { type: 'Notify', userIds: matchPlayerIds(match), kind: forfeit ? 'match-walkover' : 'result-awarded' },
    ],
  );
}

/** The side a walkover names as absent: the loser. Null for anything else. */
export function absentSideOf(match: Pick<MatchState, 'forfeit' | 'winnerSide'>): Side | null {
  if (!match.forfeit || match.winnerSide === null || match.winnerSide === RESULT_DRAW) return null;
  return otherSide(match.winnerSide);
}
