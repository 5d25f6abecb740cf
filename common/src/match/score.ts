// Scores (4 → 8 → 5) and disputes (→ 6). A captain of either side enters one score pair per played map;
// that side may edit while the other side has not answered; the other side's captain or an admin approves
// (→ 5) or disapproves (→ 4); with no answer by the approval deadline the score is approved (sweeper).
// The game server's log outranks a hand-entered score (see server-log.ts): no entry while a map is in
// play, an entry equal to the log's result finishes the match at once, and at the deadline a differing
// entry loses to the log's result.
import type { Actor } from './commands.ts';
import { accepted, captainIds, matchPlayerIds, moveTo, refused, secondsLater } from './decision.ts';
import type { Decision } from './decision.ts';
import { MATCH_TEXTS, scoreLevelOnlyAt, scoreNotWhole, scoreWhileMapLive } from './match-texts.ts';
import { liveLogMap, logResultSheet, sameSheet } from './server-log.ts';
import type { ServerLog } from './server-log.ts';
import { captainSide, playerSide, RESULT_DRAW, SIDE_CHALLENGER, SIDE_OPPONENT } from './state.ts';
import type { MapScore, MatchMapState, MatchResult, MatchState, ScoreState } from './state.ts';
import { STATUS } from './statuses.ts';

/** A dispute of a result an admin awarded is refused (see award.ts): the admin has decided. */
export const AWARD_NO_DISPUTE = 'An admin awarded this result: it cannot be disputed.';

export const EMPTY_SCORE: ScoreState = {
  maps: null,
  enteredBySide: null,
  enteredByUserId: null,
  approvalDeadline: null,
  challengerMaps: null,
  opponentMaps: null,
};

/** The maps to be played, in play order (picks, then the decider). */
export function playedMaps(match: MatchState): MatchMapState[] {
  return match.maps.filter((m) => m.mapOrder !== null).sort((a, b) => (a.mapOrder ?? 0) - (b.mapOrder ?? 0));
}

export interface SeriesResult {
  challengerMaps: number;
  opponentMaps: number;
  /** The winner, or `RESULT_DRAW` (0) for a drawn series where the competition allows draws. */
  winnerSide: MatchResult;
}

/**
 * Checks a score sheet and returns the series result or the refusal text. Rules: one entry per played map;
 * until the series is decided each map has two whole numbers from 0 to the maximum; maps after the series
 * was decided are left empty (null). Where the competition allows draws (`settings.drawsAllowed`: ladders
 * by default) a map may end level when all rounds were played (one short of the maximum each: 12–12 in MR12
 * without overtime; it counts for nobody) and a series that
 * ends level after every map is drawn; otherwise a map cannot end level and the series must have a winner.
 */
export function seriesResult(match: MatchState, scores: readonly MapScore[]): SeriesResult | string {
  const maps = playedMaps(match);
  const ids = new Set(scores.map((s) => s.mapId));
  if (scores.length !== maps.length || ids.size !== maps.length || maps.some((m) => !ids.has(m.mapId))) {
    return MATCH_TEXTS.scoreMapsMismatch;
  }
  const needed = Math.ceil(match.bestOf / 2);
  const max = match.settings.maxMapScore;
  const isWhole = (n: number | null): n is number => n !== null && Number.isInteger(n) && n >= 0 && n <= max;
  let challengerMaps = 0;
  let opponentMaps = 0;
  for (const map of maps) {
    const entry = scores.find((s) => s.mapId === map.mapId);
    if (!entry) return MATCH_TEXTS.scoreMapsMismatch;
    const decided = challengerMaps >= needed || opponentMaps >= needed;
    if (decided) {
      if (entry.challengerScore !== null || entry.opponentScore !== null) return MATCH_TEXTS.scoreAfterWinner;
      continue;
    }
    if (!isWhole(entry.challengerScore) || !isWhole(entry.opponentScore)) return scoreNotWhole(max);
    if (entry.challengerScore === entry.opponentScore) {
      if (!match.settings.drawsAllowed) return MATCH_TEXTS.scoreMapTied;
      // Level only when every round was played: one short of the winning score each (12–12 in MR12).
      if (entry.challengerScore !== max - 1) return scoreLevelOnlyAt(max - 1);
      continue;
    }
    if (entry.challengerScore > entry.opponentScore) challengerMaps += 1;
    else opponentMaps += 1;
  }
  if (challengerMaps === opponentMaps) {
    if (!match.settings.drawsAllowed) return MATCH_TEXTS.scoreNoWinner;
    return { challengerMaps, opponentMaps, winnerSide: RESULT_DRAW };
  }
  if (!match.settings.drawsAllowed && challengerMaps < needed && opponentMaps < needed) {
    return MATCH_TEXTS.scoreNoWinner;
  }
  return {
    challengerMaps,
    opponentMaps,
    winnerSide: challengerMaps > opponentMaps ? SIDE_CHALLENGER : SIDE_OPPONENT,
  };
}

/** The log's result as a valid sheet of this match (a log beyond the competition's limits has none). */
export function validLogResult(
  match: MatchState,
  log: ServerLog,
): { sheet: MapScore[]; result: SeriesResult } | null {
  const sheet = logResultSheet(match, log);
  if (!sheet) return null;
  const result = seriesResult(match, sheet);
  return typeof result === 'string' ? null : { sheet, result };
}

export function decideScoreSubmit(
  match: MatchState,
  actor: Actor,
  scores: MapScore[],
  now: number,
  log: ServerLog | null = null,
): Decision {
  if (match.statusId !== STATUS.inProgress && match.statusId !== STATUS.scoreEntered) {
    return refused('wrong-status', MATCH_TEXTS.scoreWrongStatus);
  }
  const side = captainSide(match, actor.userId);
  if (side === null) return refused('forbidden', MATCH_TEXTS.scoreNotCaptain);
  if (match.statusId === STATUS.scoreEntered && match.score.enteredBySide !== side) {
    return refused('forbidden', MATCH_TEXTS.scoreOtherTeamEntered);
  }
  const live = log ? liveLogMap(match, log) : null;
  if (live) {
    const name = match.maps.find((m) => m.mapId === live.mapId)?.name ?? 'A map';
    return refused('wrong-status', scoreWhileMapLive(name, live.firstScore, live.secondScore));
  }
  const result = seriesResult(match, scores);
  if (typeof result === 'string') return refused('invalid', result);
  const entered = match.statusId === STATUS.scoreEntered ? match : moveTo(match, STATUS.scoreEntered);
  const logResult = log ? validLogResult(match, log) : null;
  if (logResult && sameSheet(scores, logResult.sheet)) {
    // The captain confirms what the server's log says: nobody is left to ask, the match is over.
    return finishWithScore(
      {
        ...entered,
        score: {
          maps: logResult.sheet,
          enteredBySide: side,
          enteredByUserId: actor.userId,
          approvalDeadline: null,
          challengerMaps: result.challengerMaps,
          opponentMaps: result.opponentMaps,
          fromLog: true,
        },
      },
      now,
    );
  }
  const other = side === SIDE_CHALLENGER ? match.opponent.captainUserId : match.challenger.captainUserId;
  return accepted(
    {
      ...entered,
      score: {
        maps: scores.map((s) => ({ ...s })),
        enteredBySide: side,
        enteredByUserId: actor.userId,
        approvalDeadline: secondsLater(now, match.settings.scoreApprovalSeconds),
        challengerMaps: result.challengerMaps,
        opponentMaps: result.opponentMaps,
      },
    },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'Notify', userIds: other === null ? [] : [other], kind: 'score-entered' },
    ],
  );
}

/**
 * The game server's log decided the series: its map scores are entered by the system (status 4 → 8). No
 * side entered them, so either captain approves or disapproves (or disputes); the approval clock runs as for
 * a captain's entry.
 */
export function decideScoreFromLog(match: MatchState, scores: MapScore[], now: number): Decision {
  if (match.statusId !== STATUS.inProgress) return refused('wrong-status', MATCH_TEXTS.scoreWrongStatus);
  const result = seriesResult(match, scores);
  if (typeof result === 'string') return refused('invalid', result);
  return accepted(
    {
      ...moveTo(match, STATUS.scoreEntered),
      score: {
        maps: scores.map((s) => ({ ...s })),
        enteredBySide: null,
        enteredByUserId: null,
        approvalDeadline: secondsLater(now, match.settings.scoreApprovalSeconds),
        challengerMaps: result.challengerMaps,
        opponentMaps: result.opponentMaps,
        fromLog: true,
      },
    },
    [{ type: 'MatchDetailUpdate' }, { type: 'Notify', userIds: captainIds(match), kind: 'score-entered' }],
  );
}

export function decideScoreApprove(match: MatchState, actor: Actor, approve: boolean, now: number): Decision {
  if (match.statusId !== STATUS.scoreEntered) return refused('wrong-status', MATCH_TEXTS.approveWrongStatus);
  const side = captainSide(match, actor.userId);
  const isOtherCaptain = side !== null && side !== match.score.enteredBySide;
  if (!isOtherCaptain && !actor.isAdmin) return refused('forbidden', MATCH_TEXTS.approveNotAllowed);
  if (approve) return finishWithScore(match, now);
  return accepted({ ...moveTo(match, STATUS.inProgress), score: EMPTY_SCORE }, [
    { type: 'MatchDetailUpdate' },
    { type: 'Notify', userIds: matchPlayerIds(match), kind: 'score-disapproved' },
  ]);
}

/**
 * Nobody answered by the deadline: the entered score is approved, except a captain's score that differs
 * from the log's result: unconfirmed by the other side, it loses to the log's, which is taken instead.
 */
export function decideScoreTimeout(match: MatchState, now: number, log: ServerLog | null = null): Decision {
  if (match.statusId !== STATUS.scoreEntered) return refused('stale', MATCH_TEXTS.approveWrongStatus);
  if (match.score.approvalDeadline === null || now < match.score.approvalDeadline) {
    return refused('stale', MATCH_TEXTS.staleNotDue);
  }
  const logResult = log && match.score.fromLog !== true ? validLogResult(match, log) : null;
  if (logResult && !sameSheet(match.score.maps ?? [], logResult.sheet)) {
    return finishWithScore(
      {
        ...match,
        score: {
          maps: logResult.sheet,
          enteredBySide: null,
          enteredByUserId: null,
          approvalDeadline: null,
          challengerMaps: logResult.result.challengerMaps,
          opponentMaps: logResult.result.opponentMaps,
          fromLog: true,
        },
      },
      now,
    );
  }
  return finishWithScore(match, now);
}

function finishWithScore(match: MatchState, now: number): Decision {
  const { challengerMaps, opponentMaps } = match.score;
  const level = challengerMaps === opponentMaps;
  if (challengerMaps === null || opponentMaps === null || (level && !match.settings.drawsAllowed)) {
    throw new Error(`Match ${String(match.id)} is in status 8 without a valid series score`);
  }
  const winnerSide: MatchResult = level
    ? RESULT_DRAW
    : challengerMaps > opponentMaps
      ? SIDE_CHALLENGER
      : SIDE_OPPONENT;
  return accepted(
    {
      ...moveTo(match, STATUS.finished),
      winnerSide,
      forfeit: false,
      finishedAt: now,
      score: { ...match.score, approvalDeadline: null },
    },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'MatchFinished', winnerSide, forfeit: false },
      { type: 'Notify', userIds: captainIds(match), kind: 'score-approved' },
    ],
  );
}

/** Match players may dispute in 4 and 8, and in 5 until the dispute window after the finish closes. */
export function decideDisputeOpen(match: MatchState, actor: Actor, now: number): Decision {
  if (playerSide(match, actor.userId) === null) return refused('forbidden', MATCH_TEXTS.disputeNotAllowed);
  const { statusId } = match;
  if (statusId !== STATUS.inProgress && statusId !== STATUS.scoreEntered && statusId !== STATUS.finished) {
    return refused('wrong-status', MATCH_TEXTS.disputeWrongStatus);
  }
  if (statusId === STATUS.finished) {
    if (match.award) return refused('wrong-status', AWARD_NO_DISPUTE);
    const closes = secondsLater(match.finishedAt ?? now, match.settings.disputeWindowSeconds);
    if (now >= closes) return refused('wrong-status', MATCH_TEXTS.disputeWindowOver);
  }
  return accepted({ ...moveTo(match, STATUS.disputed), score: { ...match.score, approvalDeadline: null } }, [
    { type: 'MatchDisputed', byUserId: actor.userId },
    { type: 'MatchDetailUpdate' },
    { type: 'NotifyAdmins', kind: 'match-disputed' },
    { type: 'Notify', userIds: matchPlayerIds(match), kind: 'match-disputed' },
  ]);
}
