import { describe, expect, it } from 'vitest';
import {
  CHALLENGER_CAPTAIN,
  CHALLENGER_PLAYER,
  expectOk,
  expectRefused,
  makeMatch,
  OPPONENT_CAPTAIN,
  T0,
} from './fixtures.ts';
import { decide } from './machine.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

const DEADLINE = T0 + 600_000;

function readyCheck(overrides: Partial<MatchState> = {}): MatchState {
  return makeMatch({ type: 'tournament', statusId: STATUS.readyUp, readyDeadline: DEADLINE, ...overrides });
}

describe('ready.set', () => {
  it('a captain sets their own team ready, then not ready', () => {
    const ready = expectOk(
      decide(readyCheck(), { type: 'ready.set', actor: CHALLENGER_CAPTAIN, ready: true }, T0),
    );
    expect(ready.match.challenger.ready).toBe(true);
    expect(ready.match.opponent.ready).toBe(false);
    expect(ready.events).toEqual([{ type: 'MatchDetailUpdate' }]);
    const unready = expectOk(
      decide(ready.match, { type: 'ready.set', actor: CHALLENGER_CAPTAIN, ready: false }, T0),
    );
    expect(unready.match.challenger.ready).toBe(false);
  });

  it('both ready → the veto starts', () => {
    const m = readyCheck({ challenger: { ...makeMatch().challenger, ready: true } });
    const { match, events } = expectOk(
      decide(m, { type: 'ready.set', actor: OPPONENT_CAPTAIN, ready: true }, T0 + 5),
    );
    expect(match.statusId).toBe(STATUS.mapVeto);
    expect(match.readyDeadline).toBeNull();
    expect(match.veto.deadline).toBe(T0 + 5 + 30_000);
    expect(events).toContainEqual({ type: 'OnMatchMapChange' });
  });

  it.each([
    [
      'not in 9',
      makeMatch({ statusId: STATUS.mapVeto }),
      CHALLENGER_CAPTAIN,
      true,
      'wrong-status',
      MATCH_TEXTS.readyWrongStatus,
    ],
    ['not a captain', readyCheck(), CHALLENGER_PLAYER, true, 'forbidden', MATCH_TEXTS.readyNotCaptain],
    ['already not ready', readyCheck(), CHALLENGER_CAPTAIN, false, 'invalid', MATCH_TEXTS.notReadyAlready],
  ] as const)('refused: %s', (_n, match, actor, ready, code, message) => {
    expect(expectRefused(decide(match, { type: 'ready.set', actor, ready }, T0))).toEqual({ code, message });
  });

  it('refused at the deadline', () => {
    const error = expectRefused(
      decide(readyCheck(), { type: 'ready.set', actor: CHALLENGER_CAPTAIN, ready: true }, DEADLINE),
    );
    expect(error).toEqual({ code: 'stale', message: MATCH_TEXTS.readyCheckOver });
  });
});

describe('ready.deadline', () => {
  it('is stale before the deadline', () => {
    expect(expectRefused(decide(readyCheck(), { type: 'ready.deadline' }, DEADLINE - 1)).code).toBe('stale');
  });

  it('the team that is not ready forfeits: → 5, the ready team wins', () => {
    const m = readyCheck({ opponent: { ...makeMatch().opponent, ready: true } });
    const { match, events } = expectOk(decide(m, { type: 'ready.deadline' }, DEADLINE));
    expect(match).toMatchObject({
      statusId: STATUS.finished,
      winnerSide: 2,
      forfeit: true,
      finishedAt: DEADLINE,
      readyDeadline: null,
    });
    expect(events).toContainEqual({ type: 'MatchFinished', winnerSide: 2, forfeit: true });
  });

  it('neither ready → cancelled', () => {
    const { match, events } = expectOk(decide(readyCheck(), { type: 'ready.deadline' }, DEADLINE));
    expect(match).toMatchObject({ statusId: STATUS.cancelled, cancelReason: 'ready-timeout' });
    expect(events[0]).toEqual({ type: 'MatchCancelled', reason: 'ready-timeout' });
  });

  it('a ready click racing the deadline: exactly one applies', () => {
    const m = readyCheck({ opponent: { ...makeMatch().opponent, ready: true } });
    for (const now of [DEADLINE - 1, DEADLINE]) {
      const click = decide(m, { type: 'ready.set', actor: CHALLENGER_CAPTAIN, ready: true }, now);
      const sweep = decide(m, { type: 'ready.deadline' }, now);
      expect([click.ok, sweep.ok].filter(Boolean)).toHaveLength(1);
    }
  });
});
