import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  CHALLENGER_CAPTAIN,
  CHALLENGER_PLAYER,
  makeMatch,
  OPPONENT_CAPTAIN,
  STRANGER,
  T0,
} from './fixtures.ts';
import { canSeeServer, canType, canVeto, statusActions } from './policies.ts';
import type { Viewer } from './policies.ts';
import { SIDE_UNASSIGNED } from './state.ts';
import { startVeto } from './veto.ts';
import { STATUS } from './statuses.ts';

const ANONYMOUS: Viewer = { userId: null, isAdmin: false };

describe('statusActions (the four buttons)', () => {
  const none = { canSetReady: false, canSetUnready: false, canDeclineMatch: false, canCancelMatch: false };

  it.each([
    ['challenged captain, challenge', 1, OPPONENT_CAPTAIN, { ...none, canDeclineMatch: true }],
    ['challenger captain, challenge', 1, CHALLENGER_CAPTAIN, { ...none, canCancelMatch: true }],
    ['challenger captain, scheduled', 3, CHALLENGER_CAPTAIN, { ...none, canCancelMatch: true }],
    ['challenged captain, scheduled', 3, OPPONENT_CAPTAIN, { ...none, canCancelMatch: true }],
    ['player, challenge', 1, CHALLENGER_PLAYER, none],
    ['stranger', 1, STRANGER, none],
    ['signed out', 1, ANONYMOUS, none],
    ['admin, in progress', 4, ADMIN, { ...none, canCancelMatch: true }],
    ['admin, finished', 5, ADMIN, none],
  ] as const)('ladder: %s', (_n, statusId, viewer, expected) => {
    expect(statusActions(makeMatch({ statusId }), viewer, T0)).toEqual(expected);
  });

  it('tournament ready check: ready until set, then not ready, only for captains', () => {
    const m = makeMatch({ type: 'tournament', statusId: STATUS.readyUp, readyDeadline: T0 + 1000 });
    expect(statusActions(m, CHALLENGER_CAPTAIN, T0)).toEqual({ ...none, canSetReady: true });
    const ready = { ...m, challenger: { ...m.challenger, ready: true } };
    expect(statusActions(ready, CHALLENGER_CAPTAIN, T0)).toEqual({ ...none, canSetUnready: true });
    expect(statusActions(m, CHALLENGER_PLAYER, T0)).toEqual(none);
    expect(statusActions(m, CHALLENGER_CAPTAIN, T0 + 1000)).toEqual(none);
  });
});

describe('canVeto and canSeeServer', () => {
  it('only the captain whose turn it is, before the deadline', () => {
    const decision = startVeto(makeMatch({ statusId: STATUS.scheduled }), T0);
    if (!decision.ok) throw new Error('refused');
    const m = decision.match;
    expect(canVeto(m, OPPONENT_CAPTAIN, T0)).toBe(true);
    expect(canVeto(m, CHALLENGER_CAPTAIN, T0)).toBe(false);
    expect(canVeto(m, ADMIN, T0)).toBe(false);
    expect(canVeto(m, OPPONENT_CAPTAIN, T0 + 30_000)).toBe(false);
  });

  it('players and admins see the server', () => {
    const m = makeMatch({ statusId: STATUS.inProgress });
    expect(canSeeServer(m, CHALLENGER_PLAYER)).toBe(true);
    expect(canSeeServer(m, ADMIN)).toBe(true);
    expect(canSeeServer(m, STRANGER)).toBe(false);
  });
});

describe('canType', () => {
  it('ladder: the rosters and admins, not strangers or signed-out visitors', () => {
    const m = makeMatch({ statusId: STATUS.mapVeto });
    expect(canType(m, CHALLENGER_PLAYER)).toBe(true);
    expect(canType(m, OPPONENT_CAPTAIN)).toBe(true);
    expect(canType(m, ADMIN)).toBe(true);
    expect(canType(m, STRANGER)).toBe(false);
    expect(canType(m, ANONYMOUS)).toBe(false);
  });

  it('solo-queue: every player of the match, the unpicked pool included', () => {
    const base = makeMatch();
    const m = makeMatch({
      type: 'solo-queue',
      statusId: STATUS.playerSelect,
      challenger: { ...base.challenger, teamId: null },
      opponent: { ...base.opponent, teamId: null },
      players: [
        { userId: CHALLENGER_CAPTAIN.userId, username: 'c1', side: 1, rating: 1000 },
        { userId: OPPONENT_CAPTAIN.userId, username: 'c2', side: 2, rating: 1000 },
        { userId: 50, username: 'pool', side: SIDE_UNASSIGNED, rating: 1000 },
      ],
    });
    expect(canType(m, { userId: 50, isAdmin: false })).toBe(true);
    expect(canType(m, CHALLENGER_CAPTAIN)).toBe(true);
    expect(canType(m, ADMIN)).toBe(true);
    expect(canType(m, STRANGER)).toBe(false);
    expect(canType(m, ANONYMOUS)).toBe(false);
  });
});
