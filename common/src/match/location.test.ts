import { describe, expect, it } from 'vitest';
import type { Actor } from './commands.ts';
import {
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
import type { MatchState } from './state.ts';

const DEADLINE = T0 + 60_000;

function voting(votes: { userId: number; locationId: number }[] = []): MatchState {
  return makeMatch({
    type: 'solo-queue',
    statusId: 11,
    location: { candidateIds: [31, 32, 33], votes, deadline: DEADLINE, chosenId: null },
  });
}

const vote = (m: MatchState, actor: Actor, locationId: number, now = T0) =>
  decide(m, { type: 'location.vote', actor, locationId }, now);

describe('location.vote', () => {
  it('one vote per player, changeable; both affected locations are announced', () => {
    const first = expectOk(vote(voting(), CHALLENGER_PLAYER, 31));
    expect(first.events).toEqual([{ type: 'LocationVoteUpdate', locationId: 31, votes: 1 }]);
    const changed = expectOk(vote(first.match, CHALLENGER_PLAYER, 32));
    expect(changed.match.location.votes).toEqual([{ userId: CHALLENGER_PLAYER.userId, locationId: 32 }]);
    expect(changed.events).toEqual([
      { type: 'LocationVoteUpdate', locationId: 32, votes: 1 },
      { type: 'LocationVoteUpdate', locationId: 31, votes: 0 },
    ]);
  });

  it.each([
    [
      'not in 11',
      makeMatch({ statusId: 2 }),
      CHALLENGER_PLAYER,
      31,
      T0,
      'wrong-status',
      MATCH_TEXTS.locationWrongStatus,
    ],
    ['not a player', voting(), STRANGER, 31, T0, 'forbidden', MATCH_TEXTS.locationNotPlayer],
    ['unknown location', voting(), CHALLENGER_PLAYER, 99, T0, 'invalid', MATCH_TEXTS.locationUnknown],
    ['after the deadline', voting(), CHALLENGER_PLAYER, 31, DEADLINE, 'stale', MATCH_TEXTS.locationVoteOver],
  ] as const)('refused: %s', (_n, match, actor, locationId, now, code, message) => {
    expect(expectRefused(vote(match, actor, locationId, now))).toEqual({ code, message });
  });
});

describe('location.deadline', () => {
  it('the most votes win, then the veto starts and the server will be made there', () => {
    const m = voting([
      { userId: 11, locationId: 33 },
      { userId: 12, locationId: 33 },
      { userId: 21, locationId: 31 },
    ]);
    const { match, events } = expectOk(decide(m, { type: 'location.deadline' }, DEADLINE));
    expect(match.location.chosenId).toBe(33);
    expect(match.statusId).toBe(2);
    expect(events[0]).toEqual({ type: 'LocationVoteFinished', locationId: 33 });
  });

  it('a tie goes to the location listed first', () => {
    const m = voting([
      { userId: CHALLENGER_CAPTAIN.userId, locationId: 33 },
      { userId: OPPONENT_CAPTAIN.userId, locationId: 32 },
    ]);
    expect(expectOk(decide(m, { type: 'location.deadline' }, DEADLINE)).match.location.chosenId).toBe(32);
    expect(expectOk(decide(voting(), { type: 'location.deadline' }, DEADLINE)).match.location.chosenId).toBe(
      31,
    );
  });

  it('is stale before the deadline', () => {
    expect(expectRefused(decide(voting(), { type: 'location.deadline' }, DEADLINE - 1)).code).toBe('stale');
  });
});
