import { describe, expect, it } from 'vitest';
import type { Actor, SubCandidate } from './commands.ts';
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
import { MATCH_TEXTS, subLimit } from './match-texts.ts';
import type { MatchState } from './state.ts';
import type { StatusId } from './statuses.ts';
import { subsOfSide } from './sub.ts';
import { STATUS } from './statuses.ts';

const RESERVE: SubCandidate = { userId: 31, username: 'reserve', rating: 1200 };
const OTHER: SubCandidate = { userId: 32, username: 'other', rating: 1100 };

/** Replaces the side's second player (redtwo 12, bluetwo 22) unless told otherwise. */
function add(
  match: MatchState,
  actor: Actor,
  userId = RESERVE.userId,
  candidates = [RESERVE, OTHER],
  replacesUserId = actor.userId === OPPONENT_CAPTAIN.userId ? 22 : 12,
) {
  return decide(match, { type: 'sub.add', actor, userId, replacesUserId, candidates }, T0);
}

/** A match in progress whose challenger side already added `subs` substitutes. */
function withSubs(subs: number, overrides: Partial<MatchState> = {}): MatchState {
  const base = makeMatch({ statusId: STATUS.inProgress, ...overrides });
  const added = Array.from({ length: subs }, (_, i) => ({
    userId: 40 + i,
    username: `sub${String(i)}`,
    side: 1 as const,
    rating: 1000,
    isSub: true,
  }));
  return {
    ...base,
    challenger: { ...base.challenger, subsUsed: subs },
    players: [...base.players, ...added],
  };
}

describe('sub.add', () => {
  it.each([1, 2, 3, 9, 10, 11, 4] as StatusId[])(
    'a captain brings a candidate in for a lineup player in status %i: the room and the sub are told',
    (statusId) => {
      const { match, events } = expectOk(add(withSubs(0, { statusId }), CHALLENGER_CAPTAIN));
      expect(match.statusId).toBe(statusId);
      expect(match.players.find((p) => p.userId === 31)).toEqual({
        userId: 31,
        username: 'reserve',
        side: 1,
        rating: 1200,
        isSub: true,
        replacesUserId: 12,
      });
      // One for one: the replaced player left the lineup.
      expect(match.players.some((p) => p.userId === 12)).toBe(false);
      expect(match.players.filter((p) => p.side === 1)).toHaveLength(2);
      expect(subsOfSide(match, 1)).toBe(1);
      expect(events).toEqual([
        { type: 'SubAdded', userId: 31, side: 1 },
        { type: 'MatchDetailUpdate' },
        { type: 'Notify', userIds: [31], kind: 'sub-added' },
      ]);
    },
  );

  it('the opponent captain adds to the opponent side', () => {
    const { match } = expectOk(add(withSubs(0), OPPONENT_CAPTAIN));
    expect(match.players.at(-1)).toMatchObject({ userId: 31, side: 2 });
    expect(subsOfSide(match, 2)).toBe(1);
    expect(subsOfSide(match, 1)).toBe(0);
  });

  it('up to the configured limit per side', () => {
    const three = { ...withSubs(2), settings: { ...withSubs(2).settings, maxSubsPerSide: 3 } };
    expect(add(three, CHALLENGER_CAPTAIN).ok).toBe(true);
    // The other side's subs do not count against this side.
    expect(add(withSubs(2), OPPONENT_CAPTAIN).ok).toBe(true);
  });

  it.each([
    [
      'a player who is not a captain',
      withSubs(0),
      CHALLENGER_PLAYER,
      31,
      'forbidden',
      MATCH_TEXTS.subNotCaptain,
    ],
    ['a stranger', withSubs(0), STRANGER, 31, 'forbidden', MATCH_TEXTS.subNotCaptain],
    ['an admin (not a captain)', withSubs(0), ADMIN, 31, 'forbidden', MATCH_TEXTS.subNotCaptain],
    [
      'a stranger, even when the match is over',
      withSubs(0, { statusId: STATUS.finished }),
      STRANGER,
      31,
      'forbidden',
      MATCH_TEXTS.subNotCaptain,
    ],
    [
      'a finished match',
      withSubs(0, { statusId: STATUS.finished }),
      CHALLENGER_CAPTAIN,
      31,
      'wrong-status',
      MATCH_TEXTS.subMatchOver,
    ],
    [
      'a cancelled match',
      withSubs(0, { statusId: STATUS.cancelled }),
      CHALLENGER_CAPTAIN,
      31,
      'wrong-status',
      MATCH_TEXTS.subMatchOver,
    ],
    [
      'a match whose score is entered',
      withSubs(0, { statusId: STATUS.scoreEntered }),
      CHALLENGER_CAPTAIN,
      31,
      'wrong-status',
      MATCH_TEXTS.subMatchOver,
    ],
    [
      'a disputed match',
      withSubs(0, { statusId: STATUS.disputed }),
      CHALLENGER_CAPTAIN,
      31,
      'wrong-status',
      MATCH_TEXTS.subMatchOver,
    ],
    [
      'a player who is no candidate',
      withSubs(0),
      CHALLENGER_CAPTAIN,
      99,
      'invalid',
      MATCH_TEXTS.subNotAvailable,
    ],
    [
      'a player already in the match',
      withSubs(0),
      CHALLENGER_CAPTAIN,
      12,
      'invalid',
      MATCH_TEXTS.subNotAvailable,
    ],
    ['a full side, even for a candidate', withSubs(2), CHALLENGER_CAPTAIN, 31, 'invalid', subLimit(2)],
    [
      'a full side, but an unavailable player first',
      withSubs(2),
      CHALLENGER_CAPTAIN,
      99,
      'invalid',
      MATCH_TEXTS.subNotAvailable,
    ],
  ] as const)('refuses %s', (_name, match, actor, userId, code, message) => {
    const candidates = [RESERVE, OTHER, { userId: 12, username: 'redtwo', rating: 1400 }];
    expect(expectRefused(add(match, actor, userId, candidates))).toEqual({ code, message });
  });

  it('the replaced player must be in the captain’s own lineup', () => {
    for (const replaces of [21, 99]) {
      expect(expectRefused(add(withSubs(0), CHALLENGER_CAPTAIN, 31, [RESERVE], replaces))).toEqual({
        code: 'invalid',
        message: MATCH_TEXTS.subReplacesUnknown,
      });
    }
  });

  it('a replaced substitute still counts against the limit', () => {
    const once = expectOk(add(withSubs(0), CHALLENGER_CAPTAIN, 31, [RESERVE, OTHER], 12)).match;
    const twice = expectOk(add(once, CHALLENGER_CAPTAIN, 32, [OTHER], 31)).match;
    expect(subsOfSide(twice, 1)).toBe(2);
    const back = { userId: 12, username: 'redtwo', rating: 1400 };
    expect(expectRefused(add(twice, CHALLENGER_CAPTAIN, 12, [back], 32))).toEqual({
      code: 'invalid',
      message: subLimit(2),
    });
  });

  it('the limit text names the number', () => {
    expect(subLimit(2)).toBe('Your team has already added the maximum of 2 substitutes.');
  });
});
