import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  CHALLENGER_CAPTAIN,
  CHALLENGER_PLAYER,
  expectOk,
  expectRefused,
  makeMatch,
  OPPONENT_CAPTAIN,
  poolMaps,
  STRANGER,
  T0,
} from './fixtures.ts';
import { decide } from './machine.ts';
import { MATCH_TEXTS, scoreNotWhole } from './match-texts.ts';
import type { MapScore, MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

const DAY = 24 * 3_600_000;

/** A BO3 in progress: maps 101 (order 1), 102 (order 2), decider 103 (order 3). */
function inProgress(overrides: Partial<MatchState> = {}): MatchState {
  const maps = poolMaps().map((m, i) => (i < 3 ? { ...m, mapOrder: i + 1, decider: i === 2 } : m));
  return makeMatch({ statusId: STATUS.inProgress, bestOf: 3, maps, ...overrides });
}

const sheet = (...pairs: [number | null, number | null][]): MapScore[] =>
  pairs.map(([challengerScore, opponentScore], i) => ({ mapId: 101 + i, challengerScore, opponentScore }));

describe('score.submit', () => {
  it('a captain enters a 2-0 → 8, the other captain is notified', () => {
    const { match, events } = expectOk(
      decide(
        inProgress(),
        { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores: sheet([10, 5], [10, 7], [null, null]) },
        T0,
      ),
    );
    expect(match.statusId).toBe(STATUS.scoreEntered);
    expect(match.score).toMatchObject({
      enteredBySide: 1,
      challengerMaps: 2,
      opponentMaps: 0,
      approvalDeadline: T0 + DAY,
    });
    expect(events).toContainEqual({
      type: 'Notify',
      userIds: [OPPONENT_CAPTAIN.userId],
      kind: 'score-entered',
    });
  });

  it.each([
    ['a map missing', sheet([10, 5], [10, 7]), MATCH_TEXTS.scoreMapsMismatch],
    ['a tied map', sheet([5, 5], [10, 7], [10, 2]), MATCH_TEXTS.scoreMapTied],
    ['a score over the maximum', sheet([101, 5], [10, 7], [null, null]), scoreNotWhole(100)],
    ['a fraction', sheet([1.5, 5], [10, 7], [1, 2]), scoreNotWhole(100)],
    ['an empty map before the series is decided', sheet([10, 5], [null, null], [10, 2]), scoreNotWhole(100)],
    ['a score after the series is decided', sheet([10, 5], [10, 7], [1, 2]), MATCH_TEXTS.scoreAfterWinner],
  ] as const)('refuses %s', (_n, scores, message) => {
    const error = expectRefused(
      decide(inProgress(), { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores }, T0),
    );
    expect(error).toEqual({ code: 'invalid', message });
  });

  it('only captains enter, and the other side cannot overwrite', () => {
    const scores = sheet([10, 5], [10, 7], [null, null]);
    expect(
      expectRefused(decide(inProgress(), { type: 'score.submit', actor: CHALLENGER_PLAYER, scores }, T0))
        .message,
    ).toBe(MATCH_TEXTS.scoreNotCaptain);
    const entered = expectOk(
      decide(inProgress(), { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores }, T0),
    ).match;
    expect(
      expectRefused(decide(entered, { type: 'score.submit', actor: OPPONENT_CAPTAIN, scores }, T0)).message,
    ).toBe(MATCH_TEXTS.scoreOtherTeamEntered);
    const edited = expectOk(
      decide(
        entered,
        { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores: sheet([10, 5], [5, 10], [10, 1]) },
        T0,
      ),
    ).match;
    expect(edited.score).toMatchObject({ challengerMaps: 2, opponentMaps: 1 });
  });
});

describe('score.approve, score.timeout', () => {
  const entered = () =>
    expectOk(
      decide(
        inProgress(),
        { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores: sheet([1, 10], [2, 10], [null, null]) },
        T0,
      ),
    ).match;

  it('the other captain approves → 5, the opponent won', () => {
    const { match, events } = expectOk(
      decide(entered(), { type: 'score.approve', actor: OPPONENT_CAPTAIN, approve: true }, T0 + 5),
    );
    expect(match).toMatchObject({
      statusId: STATUS.finished,
      winnerSide: 2,
      forfeit: false,
      finishedAt: T0 + 5,
    });
    expect(events).toContainEqual({ type: 'MatchFinished', winnerSide: 2, forfeit: false });
  });

  it('an admin disapproves → 4, the score is cleared, both teams told', () => {
    const { match, events } = expectOk(
      decide(entered(), { type: 'score.approve', actor: ADMIN, approve: false }, T0),
    );
    expect(match.statusId).toBe(STATUS.inProgress);
    expect(match.score.maps).toBeNull();
    expect(events).toContainEqual({ type: 'Notify', userIds: [11, 21, 12, 22], kind: 'score-disapproved' });
  });

  it('the entering side cannot approve its own score', () => {
    const error = expectRefused(
      decide(entered(), { type: 'score.approve', actor: CHALLENGER_CAPTAIN, approve: true }, T0),
    );
    expect(error).toEqual({ code: 'forbidden', message: MATCH_TEXTS.approveNotAllowed });
  });

  it('nobody answers: approved at the deadline, not before', () => {
    expect(expectRefused(decide(entered(), { type: 'score.timeout' }, T0 + DAY - 1)).code).toBe('stale');
    expect(expectOk(decide(entered(), { type: 'score.timeout' }, T0 + DAY)).match.statusId).toBe(
      STATUS.finished,
    );
  });
});

describe('dispute.open', () => {
  it('a match player disputes a match in progress → 6, admins told', () => {
    const { match, events } = expectOk(
      decide(inProgress(), { type: 'dispute.open', actor: CHALLENGER_PLAYER }, T0),
    );
    expect(match.statusId).toBe(STATUS.disputed);
    expect(events).toContainEqual({ type: 'NotifyAdmins', kind: 'match-disputed' });
  });

  it('within the window after the finish, not after it', () => {
    const finished = inProgress({ statusId: STATUS.finished, finishedAt: T0, winnerSide: 1 });
    expect(
      expectOk(decide(finished, { type: 'dispute.open', actor: OPPONENT_CAPTAIN }, T0 + DAY - 1)).match
        .statusId,
    ).toBe(STATUS.disputed);
    expect(
      expectRefused(decide(finished, { type: 'dispute.open', actor: OPPONENT_CAPTAIN }, T0 + DAY)).message,
    ).toBe(MATCH_TEXTS.disputeWindowOver);
  });

  it('not for strangers or in the veto', () => {
    expect(expectRefused(decide(inProgress(), { type: 'dispute.open', actor: STRANGER }, T0)).code).toBe(
      'forbidden',
    );
    expect(
      expectRefused(
        decide(
          inProgress({ statusId: STATUS.mapVeto }),
          { type: 'dispute.open', actor: CHALLENGER_PLAYER },
          T0,
        ),
      ).code,
    ).toBe('wrong-status');
  });
});

describe('score.fromLog', () => {
  const fromLog = (scores: MapScore[]) => ({ type: 'score.fromLog' as const, scores });

  it('the system enters the log result → 8, both captains are notified and either may approve', () => {
    const { match, events } = expectOk(decide(inProgress(), fromLog(sheet([13, 5], [9, 13], [13, 11])), T0));
    expect(match.statusId).toBe(STATUS.scoreEntered);
    expect(match.score).toMatchObject({
      enteredBySide: null,
      enteredByUserId: null,
      fromLog: true,
      challengerMaps: 2,
      opponentMaps: 1,
    });
    expect(events).toContainEqual({
      type: 'Notify',
      userIds: [CHALLENGER_CAPTAIN.userId, OPPONENT_CAPTAIN.userId],
      kind: 'score-entered',
    });
    for (const actor of [CHALLENGER_CAPTAIN, OPPONENT_CAPTAIN]) {
      expect(
        expectOk(decide(match, { type: 'score.approve', actor, approve: true }, T0)).match.statusId,
      ).toBe(STATUS.finished);
    }
    expect(
      expectRefused(decide(match, { type: 'score.approve', actor: CHALLENGER_PLAYER, approve: true }, T0))
        .code,
    ).toBe('forbidden');
    expect(
      expectRefused(
        decide(
          match,
          { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores: sheet([1, 0], [1, 0], [null, null]) },
          T0,
        ),
      ).code,
    ).toBe('forbidden');
  });

  it('is refused outside status 4 and for a sheet that decides nothing', () => {
    expect(
      expectRefused(
        decide(
          inProgress({ statusId: STATUS.scoreEntered }),
          fromLog(sheet([13, 5], [13, 7], [null, null])),
          T0,
        ),
      ).code,
    ).toBe('wrong-status');
    expect(
      expectRefused(decide(inProgress(), fromLog(sheet([13, 5], [null, null], [null, null])), T0)).code,
    ).toBe('invalid');
  });
});

describe('draws (competitions that allow them)', () => {
  const drawn = (overrides: Partial<MatchState> = {}) =>
    inProgress({
      settings: { ...makeMatch().settings, maxMapScore: 13, drawsAllowed: true },
      ...overrides,
    });
  const submit = (match: MatchState, scores: MapScore[]) =>
    decide(match, { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores }, T0);

  it('a BO3 that ends 1–1 after a 12–12 decider is drawn; approving finishes it as a draw', () => {
    const entered = expectOk(submit(drawn(), sheet([13, 5], [5, 13], [12, 12]))).match;
    expect(entered.score).toMatchObject({ challengerMaps: 1, opponentMaps: 1 });
    const { match, events } = expectOk(
      decide(entered, { type: 'score.approve', actor: OPPONENT_CAPTAIN, approve: true }, T0),
    );
    expect(match).toMatchObject({ statusId: STATUS.finished, winnerSide: 0 });
    expect(events).toContainEqual({ type: 'MatchFinished', winnerSide: 0, forfeit: false });
  });

  it('a level map counts for nobody; the series still needs every map, and level means 12–12', () => {
    const won = expectOk(submit(drawn(), sheet([12, 12], [13, 5], [13, 7]))).match;
    expect(won.score).toMatchObject({ challengerMaps: 2, opponentMaps: 0 });
    expect(expectRefused(submit(drawn(), sheet([7, 7], [13, 5], [13, 7]))).message).toBe(
      'A map can end level only at 12–12.',
    );
  });

  it('without draws allowed the same sheet is refused', () => {
    const strict = drawn({ settings: { ...makeMatch().settings, maxMapScore: 13, drawsAllowed: false } });
    expect(expectRefused(submit(strict, sheet([13, 5], [5, 13], [12, 12]))).message).toBe(
      MATCH_TEXTS.scoreMapTied,
    );
  });
});
