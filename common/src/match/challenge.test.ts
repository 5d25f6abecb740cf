import { describe, expect, it } from 'vitest';
import type { Actor } from './commands.ts';
import {
  ADMIN,
  CHALLENGER_CAPTAIN,
  CHALLENGER_PLAYER,
  expectOk,
  expectRefused,
  makeMatch,
  OPPONENT_CAPTAIN,
  STRANGER,
  T0,
} from './fixtures.ts';
import { decide } from './machine.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import type { MatchType, StatusId } from './statuses.ts';
import { STATUS } from './statuses.ts';

const LATER = T0 + 3_600_000;

describe('challenge.accept', () => {
  it('the challenged captain accepts a future challenge → 3, the challenger is notified', () => {
    const { match, events } = expectOk(
      decide(makeMatch({ startDate: LATER }), { type: 'challenge.accept', actor: OPPONENT_CAPTAIN }, T0),
    );
    expect(match.statusId).toBe(STATUS.scheduled);
    expect(events).toEqual([
      { type: 'MatchDetailUpdate' },
      { type: 'Notify', userIds: [CHALLENGER_CAPTAIN.userId], kind: 'challenge-accepted' },
    ]);
  });

  it('a challenge whose start time is due goes on to the veto at once', () => {
    const { match, events } = expectOk(
      decide(makeMatch({ startDate: T0 }), { type: 'challenge.accept', actor: OPPONENT_CAPTAIN }, T0),
    );
    expect(match.statusId).toBe(STATUS.mapVeto);
    expect(match.veto.deadline).toBe(T0 + 30_000);
    expect(events.map((e) => e.type)).toEqual(['MatchDetailUpdate', 'Notify', 'OnMatchMapChange', 'Notify']);
  });

  it.each([
    ['the challenger captain', CHALLENGER_CAPTAIN],
    ['a challenger player', CHALLENGER_PLAYER],
    ['a stranger', STRANGER],
    ['an admin', ADMIN],
  ])('%s cannot accept', (_who, actor: Actor) => {
    const error = expectRefused(decide(makeMatch(), { type: 'challenge.accept', actor }, T0));
    expect(error).toEqual({ code: 'forbidden', message: MATCH_TEXTS.challengeNotOpponentCaptain });
  });

  it('an answered challenge cannot be accepted again', () => {
    const error = expectRefused(
      decide(
        makeMatch({ statusId: STATUS.scheduled }),
        { type: 'challenge.accept', actor: OPPONENT_CAPTAIN },
        T0,
      ),
    );
    expect(error).toEqual({ code: 'wrong-status', message: MATCH_TEXTS.challengeNotPending });
  });
});

describe('match.cancel: who may end what', () => {
  const cases: [string, MatchType, StatusId, Actor, 'declined' | 'cancelled' | 'admin' | null][] = [
    ['challenged captain declines a challenge', 'ladder', 1, OPPONENT_CAPTAIN, 'declined'],
    ['challenger captain cancels a challenge', 'ladder', 1, CHALLENGER_CAPTAIN, 'cancelled'],
    ['challenger captain cancels a scheduled match', 'ladder', 3, CHALLENGER_CAPTAIN, 'cancelled'],
    ['challenged captain backs out of a scheduled match', 'ladder', 3, OPPONENT_CAPTAIN, 'cancelled'],
    ['challenger captain cannot cancel during the veto', 'ladder', 2, CHALLENGER_CAPTAIN, null],
    ['a player who is not captain cannot cancel', 'ladder', 1, CHALLENGER_PLAYER, null],
    ['a stranger cannot cancel', 'ladder', 1, STRANGER, null],
    ['tournament captains cannot cancel', 'tournament', 3, CHALLENGER_CAPTAIN, null],
    ['an admin cancels a match in progress', 'ladder', 4, ADMIN, 'admin'],
    ['an admin cancels a disputed tournament match', 'tournament', 6, ADMIN, 'admin'],
  ];

  it.each(cases)('%s', (_name, type, statusId, actor, reason) => {
    const decision = decide(makeMatch({ type, statusId }), { type: 'match.cancel', actor }, T0);
    if (reason === null) {
      expect(expectRefused(decision)).toEqual({ code: 'forbidden', message: MATCH_TEXTS.cancelNotAllowed });
      return;
    }
    const { match, events } = expectOk(decision);
    expect(match).toMatchObject({
      statusId: STATUS.cancelled,
      cancelReason: reason,
      cancelledByUserId: actor.userId,
    });
    expect(events[0]).toEqual({ type: 'MatchCancelled', reason });
    expect(events).toContainEqual({ type: 'MatchDetailUpdate' });
  });

  it('tells the other captain', () => {
    const { events } = expectOk(decide(makeMatch(), { type: 'match.cancel', actor: OPPONENT_CAPTAIN }, T0));
    expect(events).toContainEqual({
      type: 'Notify',
      userIds: [CHALLENGER_CAPTAIN.userId],
      kind: 'challenge-declined',
    });
  });

  it.each([5, 7] as const)('nothing ends a match in status %i', (statusId) => {
    const error = expectRefused(decide(makeMatch({ statusId }), { type: 'match.cancel', actor: ADMIN }, T0));
    expect(error).toEqual({ code: 'wrong-status', message: MATCH_TEXTS.cancelFinal });
  });
});

describe('schedule.start', () => {
  it('ladder: 3 → 2 at the start time', () => {
    const { match } = expectOk(
      decide(makeMatch({ statusId: STATUS.scheduled, startDate: LATER }), { type: 'schedule.start' }, LATER),
    );
    expect(match.statusId).toBe(STATUS.mapVeto);
  });

  it('tournament: 3 → 9 with the ready deadline', () => {
    const m = makeMatch({ type: 'tournament', statusId: STATUS.scheduled, startDate: LATER });
    const { match, events } = expectOk(decide(m, { type: 'schedule.start' }, LATER));
    expect(match.statusId).toBe(STATUS.readyUp);
    expect(match.readyDeadline).toBe(LATER + 600_000);
    expect(events).toContainEqual({ type: 'Notify', userIds: [11, 21], kind: 'ready-check-started' });
  });

  it('is stale before the start time and outside 3', () => {
    expect(
      expectRefused(
        decide(makeMatch({ statusId: STATUS.scheduled, startDate: LATER }), { type: 'schedule.start' }, T0),
      ).code,
    ).toBe('stale');
    expect(
      expectRefused(decide(makeMatch({ statusId: STATUS.mapVeto }), { type: 'schedule.start' }, LATER)).code,
    ).toBe('stale');
  });
});
