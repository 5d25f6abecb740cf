import { describe, expect, it } from 'vitest';
import type { DisputeResolution } from './commands.ts';
import { ADMIN, CHALLENGER_CAPTAIN, expectOk, expectRefused, makeMatch, poolMaps, T0 } from './fixtures.ts';
import { decide } from './machine.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { canAddSub, canResolveDispute } from './policies.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

/** A disputed BO1 on map 101. */
function disputed(overrides: Partial<MatchState> = {}): MatchState {
  const maps = poolMaps().map((m, i) => (i === 0 ? { ...m, mapOrder: 1, decider: true } : m));
  return makeMatch({ statusId: STATUS.disputed, bestOf: 1, maps, ...overrides });
}

const byScore = (challengerScore: number | null, opponentScore: number | null): DisputeResolution => ({
  kind: 'score',
  scores: [{ mapId: 101, challengerScore, opponentScore }],
});

describe('dispute.resolve', () => {
  it('an admin sets the final score → 5, the winner follows, both teams told', () => {
    const { match, events } = expectOk(
      decide(disputed(), { type: 'dispute.resolve', actor: ADMIN, resolution: byScore(3, 13) }, T0),
    );
    expect(match).toMatchObject({ statusId: STATUS.finished, winnerSide: 2, finishedAt: T0 });
    expect(match.score).toMatchObject({ challengerMaps: 0, opponentMaps: 1, enteredByUserId: ADMIN.userId });
    expect(events).toContainEqual({ type: 'MatchFinished', winnerSide: 2, forfeit: false });
    expect(events).toContainEqual({ type: 'Notify', userIds: [11, 21, 12, 22], kind: 'dispute-resolved' });
  });

  it('an admin cancels → 7', () => {
    const { match, events } = expectOk(
      decide(disputed(), { type: 'dispute.resolve', actor: ADMIN, resolution: { kind: 'cancel' } }, T0),
    );
    expect(match).toMatchObject({
      statusId: STATUS.cancelled,
      cancelReason: 'admin',
      cancelledByUserId: ADMIN.userId,
    });
    expect(events).toContainEqual({ type: 'MatchCancelled', reason: 'admin' });
  });

  it.each([
    ['a player', CHALLENGER_CAPTAIN, disputed(), byScore(13, 3), 'forbidden'],
    [
      'a match not disputed',
      ADMIN,
      disputed({ statusId: STATUS.inProgress }),
      byScore(13, 3),
      'wrong-status',
    ],
    ['a tied score', ADMIN, disputed(), byScore(5, 5), 'invalid'],
  ] as const)('refuses %s', (_n, actor, match, resolution, code) => {
    expect(expectRefused(decide(match, { type: 'dispute.resolve', actor, resolution }, T0)).code).toBe(code);
  });

  it('policies: only admins resolve, only in 6', () => {
    expect(canResolveDispute(disputed(), { userId: 1, isAdmin: true })).toBe(true);
    expect(canResolveDispute(disputed(), { userId: 11, isAdmin: false })).toBe(false);
    expect(canResolveDispute(disputed({ statusId: STATUS.finished }), { userId: 1, isAdmin: true })).toBe(
      false,
    );
    expect(MATCH_TEXTS.resolveNotAdmin).toBeTruthy();
  });
});

describe('canAddSub', () => {
  it.each([
    [4, 11, true],
    [2, 21, true],
    [4, 12, false],
    [5, 11, false],
    [7, 11, false],
  ] as const)('status %i, user %i → %s', (statusId, userId, expected) => {
    expect(canAddSub(makeMatch({ statusId }), { userId, isAdmin: false })).toBe(expected);
  });
});

describe('every status change', () => {
  it('announces MatchDetailUpdate', () => {
    const cases = [
      decide(
        makeMatch({ statusId: STATUS.challenge }),
        { type: 'challenge.accept', actor: { userId: 21, isAdmin: false } },
        T0,
      ),
      decide(disputed(), { type: 'dispute.resolve', actor: ADMIN, resolution: { kind: 'cancel' } }, T0),
      decide(disputed(), { type: 'dispute.resolve', actor: ADMIN, resolution: byScore(13, 3) }, T0),
      decide(
        disputed({ statusId: STATUS.inProgress }),
        { type: 'dispute.open', actor: CHALLENGER_CAPTAIN },
        T0,
      ),
    ];
    for (const decision of cases) {
      const { match, events } = expectOk(decision);
      expect(match.statusId).not.toBe(1);
      expect(events.filter((e) => e.type === 'MatchDetailUpdate')).toHaveLength(1);
    }
  });
});
