import { describe, expect, it } from 'vitest';
import { AWARD_TEXTS, awardRefusal } from './award.ts';
import type { ResultAward } from './commands.ts';
import {
  ADMIN,
  CHALLENGER_CAPTAIN,
  expectOk,
  expectRefused,
  makeMatch,
  OPPONENT_CAPTAIN,
  poolMaps,
  T0,
} from './fixtures.ts';
import { decide } from './machine.ts';
import { canDispute } from './policies.ts';
import type { MatchState } from './state.ts';
import { STATUS, STATUS_IDS } from './statuses.ts';

/** A BO1 on map 101 being played (4). */
function playing(overrides: Partial<MatchState> = {}): MatchState {
  const maps = poolMaps().map((m, i) => (i === 0 ? { ...m, mapOrder: 1, decider: true } : m));
  return makeMatch({ statusId: STATUS.inProgress, bestOf: 1, maps, ...overrides });
}

const walkover = (absentSide: 1 | 2, reason = 'No show after 15 minutes'): ResultAward => ({
  kind: 'walkover',
  absentSide,
  reason,
});
const result = (
  winnerSide: 0 | 1 | 2,
  scores: [number | null, number | null] | null = null,
  reason = 'Server crashed, captains agreed',
): ResultAward => ({
  kind: 'result',
  winnerSide,
  scores: scores && [{ mapId: 101, challengerScore: scores[0], opponentScore: scores[1] }],
  reason,
});
const award = (match: MatchState, a: ResultAward, actor = ADMIN) =>
  decide(match, { type: 'result.award', actor, award: a }, T0);

describe('result.award: walkover', () => {
  it('the side that did not show loses, unrated, with the reason kept and every clock stopped', () => {
    const { match, events } = expectOk(award(playing({ readyDeadline: T0 + 1 }), walkover(2, '  No show  ')));
    expect(match).toMatchObject({
      statusId: STATUS.finished,
      winnerSide: 1,
      forfeit: true,
      finishedAt: T0,
      award: { reason: 'No show', byUserId: ADMIN.userId },
      readyDeadline: null,
    });
    expect(match.score).toMatchObject({ maps: null, challengerMaps: null, opponentMaps: null });
    expect(events).toEqual([
      { type: 'MatchDetailUpdate' },
      { type: 'MatchFinished', winnerSide: 1, forfeit: true },
      { type: 'Notify', userIds: [11, 21, 12, 22], kind: 'match-walkover' },
    ]);
  });

  it.each([1, 3, 9, 10, 11, 2, 4, 8] as const)('finishes a match in status %i', (statusId) => {
    expect(expectOk(award(playing({ statusId }), walkover(1))).match.statusId).toBe(STATUS.finished);
  });
});

describe('result.award: a named result', () => {
  it('a winner without map scores', () => {
    const { match, events } = expectOk(award(playing(), result(2)));
    expect(match).toMatchObject({ statusId: STATUS.finished, winnerSide: 2, forfeit: false });
    expect(match.score.challengerMaps).toBeNull();
    expect(events).toContainEqual({ type: 'MatchFinished', winnerSide: 2, forfeit: false });
    expect(events).toContainEqual({ type: 'Notify', userIds: [11, 21, 12, 22], kind: 'result-awarded' });
  });

  it('a winner with the map scores, checked like an entered score', () => {
    const { match } = expectOk(award(playing(), result(1, [13, 7])));
    expect(match.score).toMatchObject({
      maps: [{ mapId: 101, challengerScore: 13, opponentScore: 7 }],
      challengerMaps: 1,
      opponentMaps: 0,
      enteredBySide: null,
      enteredByUserId: ADMIN.userId,
    });
  });

  it('a draw where the competition allows draws', () => {
    const drawn = playing({ settings: { ...playing().settings, drawsAllowed: true } });
    expect(expectOk(award(drawn, result(0))).match.winnerSide).toBe(0);
  });

  it.each([
    ['a player', playing(), result(1), CHALLENGER_CAPTAIN, 'forbidden', AWARD_TEXTS.notAdmin],
    [
      'a finished match',
      playing({ statusId: STATUS.finished }),
      result(1),
      ADMIN,
      'wrong-status',
      AWARD_TEXTS.finished,
    ],
    [
      'a cancelled match',
      playing({ statusId: STATUS.cancelled }),
      result(1),
      ADMIN,
      'wrong-status',
      AWARD_TEXTS.cancelled,
    ],
    [
      'a disputed match',
      playing({ statusId: STATUS.disputed }),
      result(1),
      ADMIN,
      'wrong-status',
      AWARD_TEXTS.disputed,
    ],
    ['a blank reason', playing(), result(1, null, '   '), ADMIN, 'invalid', AWARD_TEXTS.reasonMissing],
    ['a draw where none is allowed', playing(), result(0), ADMIN, 'invalid', AWARD_TEXTS.drawNotAllowed],
    [
      'scores that name the other winner',
      playing(),
      result(2, [13, 7]),
      ADMIN,
      'invalid',
      AWARD_TEXTS.scoresDisagree,
    ],
    ['a tied map', playing(), result(1, [7, 7]), ADMIN, 'invalid', 'A map cannot end in a tie.'],
    [
      'scores before the veto chose maps',
      makeMatch({ statusId: STATUS.challenge }),
      result(1, [13, 7]),
      ADMIN,
      'invalid',
      AWARD_TEXTS.noMapsPlayed,
    ],
    [
      'a bracket slot whose opponent is not known',
      playing({ type: 'tournament', opponent: { ...playing().opponent, teamId: null } }),
      walkover(2),
      ADMIN,
      'wrong-status',
      AWARD_TEXTS.sidesUnknown,
    ],
  ] as const)('refuses %s', (_name, match, a, actor, code, message) => {
    expect(expectRefused(award(match, a, actor))).toEqual({ code, message });
  });
});

describe('after an award', () => {
  it('no player may dispute it, while a played result stays disputable', () => {
    const awarded = expectOk(award(playing(), result(1))).match;
    const player = { userId: OPPONENT_CAPTAIN.userId, isAdmin: false };
    expect(canDispute(awarded, player, T0 + 1000)).toBe(false);
    expect(
      expectRefused(decide(awarded, { type: 'dispute.open', actor: OPPONENT_CAPTAIN }, T0)).message,
    ).toBe(AWARD_TEXTS.noDispute);
    const played = { ...awarded, award: null };
    expect(canDispute(played, player, T0 + 1000)).toBe(true);
  });

  it('awardRefusal names why, for every status', () => {
    for (const statusId of STATUS_IDS) {
      const refusal = awardRefusal(playing({ statusId }));
      const resulted =
        statusId === STATUS.finished || statusId === STATUS.disputed || statusId === STATUS.cancelled;
      expect(refusal === null, `status ${String(statusId)}`).toBe(!resulted);
    }
  });
});
