import { describe, expect, it } from 'vitest';
import {
  CHALLENGER_CAPTAIN,
  expectOk,
  expectRefused,
  makeMatch,
  OPPONENT_CAPTAIN,
  poolMaps,
  T0,
} from './fixtures.ts';
import { decide } from './machine.ts';
import { scoreWhileMapLive } from './match-texts.ts';
import { liveLogMap, logResultSheet, sameSheet } from './server-log.ts';
import type { ServerLog } from './server-log.ts';
import type { MapScore, MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

const DAY = 24 * 3_600_000;

/** A BO3 in progress: Backlot (101, order 1), Crash (102, order 2), decider Crossfire (103, order 3). */
function inProgress(overrides: Partial<MatchState> = {}): MatchState {
  const maps = poolMaps().map((m, i) => (i < 3 ? { ...m, mapOrder: i + 1, decider: i === 2 } : m));
  return makeMatch({ statusId: STATUS.inProgress, bestOf: 3, maps, ...overrides });
}

const sheet = (...pairs: [number | null, number | null][]): MapScore[] =>
  pairs.map(([challengerScore, opponentScore], i) => ({ mapId: 101 + i, challengerScore, opponentScore }));

const log = (pairs: [number, number][], fresh = true): ServerLog => ({
  maps: pairs.map(([firstScore, secondScore], i) => ({ mapId: 101 + i, firstScore, secondScore })),
  roundsToWin: 13,
  fresh,
});

const submit = (match: MatchState, scores: MapScore[], serverLog: ServerLog | null) =>
  decide(match, { type: 'score.submit', actor: CHALLENGER_CAPTAIN, scores, log: serverLog }, T0);

describe('what the log says', () => {
  it('a map short of the rounds to win is in play while the log is fresh', () => {
    expect(
      liveLogMap(
        inProgress(),
        log([
          [13, 7],
          [4, 1],
        ]),
      ),
    ).toEqual({
      mapId: 102,
      firstScore: 4,
      secondScore: 1,
    });
    expect(
      liveLogMap(
        inProgress(),
        log(
          [
            [13, 7],
            [4, 1],
          ],
          false,
        ),
      ),
    ).toBeNull();
    expect(
      liveLogMap(
        inProgress(),
        log([
          [13, 7],
          [12, 12],
        ]),
      ),
    ).toBeNull();
  });

  it('the result is the finished maps that decide the series, later maps empty', () => {
    expect(
      logResultSheet(
        inProgress(),
        log([
          [13, 7],
          [13, 10],
        ]),
      ),
    ).toEqual(sheet([13, 7], [13, 10], [null, null]));
    expect(
      logResultSheet(
        inProgress(),
        log([
          [13, 7],
          [10, 13],
          [13, 2],
        ]),
      ),
    ).toEqual(sheet([13, 7], [10, 13], [13, 2]));
    expect(logResultSheet(inProgress(), log([[13, 7]]))).toBeNull();
    expect(
      logResultSheet(
        inProgress(),
        log([
          [13, 7],
          [4, 1],
        ]),
      ),
    ).toBeNull();
    expect(
      logResultSheet(
        inProgress(),
        log([
          [12, 12],
          [13, 1],
          [13, 1],
        ]),
      ),
    ).toBeNull();
  });

  it('sheets compare by map', () => {
    expect(sameSheet(sheet([13, 7], [null, null]), [...sheet([13, 7], [null, null])].reverse())).toBe(true);
    expect(sameSheet(sheet([13, 7], [null, null]), sheet([13, 3], [null, null]))).toBe(false);
  });
});

describe('a captain’s score against the log', () => {
  it('is refused while a map is in play, with the log’s score in the text', () => {
    const error = expectRefused(
      submit(
        inProgress(),
        sheet([13, 7], [13, 3], [null, null]),
        log([
          [13, 7],
          [4, 1],
        ]),
      ),
    );
    expect(error).toEqual({ code: 'wrong-status', message: scoreWhileMapLive('Crash', 4, 1) });
  });

  it('is taken as usual once the log has been quiet for the window', () => {
    const { match } = expectOk(
      submit(
        inProgress(),
        sheet([13, 7], [13, 3], [null, null]),
        log(
          [
            [13, 7],
            [4, 1],
          ],
          false,
        ),
      ),
    );
    expect(match.statusId).toBe(STATUS.scoreEntered);
  });

  it('equal to the log’s result: the match finishes at once, as the log’s score', () => {
    const { match, events } = expectOk(
      submit(
        inProgress(),
        sheet([13, 7], [13, 10], [null, null]),
        log([
          [13, 7],
          [13, 10],
        ]),
      ),
    );
    expect(match).toMatchObject({ statusId: STATUS.finished, winnerSide: 1, finishedAt: T0 });
    expect(match.score).toMatchObject({
      fromLog: true,
      enteredByUserId: 11,
      challengerMaps: 2,
      opponentMaps: 0,
    });
    expect(events).toContainEqual({ type: 'MatchFinished', winnerSide: 1, forfeit: false });
  });

  it('different from the log’s result: waits for the other captain, who may approve it', () => {
    const entered = expectOk(
      submit(
        inProgress(),
        sheet([13, 3], [13, 10], [null, null]),
        log([
          [13, 7],
          [13, 10],
        ]),
      ),
    ).match;
    expect(entered.statusId).toBe(STATUS.scoreEntered);
    expect(entered.score).toMatchObject({ enteredBySide: 1, approvalDeadline: T0 + DAY });
    expect(entered.score.fromLog).toBeUndefined();
    const approved = expectOk(
      decide(entered, { type: 'score.approve', actor: OPPONENT_CAPTAIN, approve: true }, T0 + 5),
    ).match;
    expect(approved.statusId).toBe(STATUS.finished);
    expect(approved.score.maps).toEqual(sheet([13, 3], [13, 10], [null, null]));
  });

  it('different and unanswered: the log’s result is taken at the deadline', () => {
    const serverLog = log([
      [7, 13],
      [10, 13],
    ]);
    const entered = expectOk(submit(inProgress(), sheet([13, 3], [13, 10], [null, null]), serverLog)).match;
    expect(expectRefused(decide(entered, { type: 'score.timeout', log: serverLog }, T0 + DAY - 1)).code).toBe(
      'stale',
    );
    const { match } = expectOk(decide(entered, { type: 'score.timeout', log: serverLog }, T0 + DAY));
    expect(match).toMatchObject({ statusId: STATUS.finished, winnerSide: 2 });
    expect(match.score).toMatchObject({
      fromLog: true,
      enteredBySide: null,
      challengerMaps: 0,
      opponentMaps: 2,
    });
    expect(match.score.maps).toEqual(sheet([7, 13], [10, 13], [null, null]));
  });

  it('without a log, or with a log that agrees, the deadline approves the entered score', () => {
    const scores = sheet([13, 3], [13, 10], [null, null]);
    const entered = expectOk(submit(inProgress(), scores, null)).match;
    for (const serverLog of [
      null,
      log([
        [13, 3],
        [13, 10],
      ]),
      log([[13, 3]]),
    ]) {
      const { match } = expectOk(decide(entered, { type: 'score.timeout', log: serverLog }, T0 + DAY));
      expect(match.score.maps).toEqual(scores);
      expect(match.score.fromLog).toBeUndefined();
    }
  });

  it('a log beyond the competition’s limits is no result', () => {
    const tight = inProgress({ settings: { ...inProgress().settings, maxMapScore: 10 } });
    const { match } = expectOk(
      submit(
        tight,
        sheet([10, 3], [10, 4], [null, null]),
        log([
          [13, 7],
          [13, 10],
        ]),
      ),
    );
    expect(match.statusId).toBe(STATUS.scoreEntered);
  });
});
