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
import { STATUS } from './statuses.ts';

const DEADLINE = T0 + 60_000;

function voting(votes: { userId: number; locationId: number }[] = []): MatchState {
  return makeMatch({
    type: 'solo-queue',
    statusId: STATUS.locationSelect,
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
      makeMatch({ statusId: STATUS.mapVeto }),
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
    expect(match.statusId).toBe(STATUS.mapVeto);
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

describe('the tie-break: lowest median ping, then lowest id', () => {
  const pings = (rows: [number, number, number][]) =>
    rows.map(([userId, locationId, ms]) => ({ userId, locationId, ms }));
  const withPings = (m: MatchState, rows: [number, number, number][]): MatchState => ({
    ...m,
    location: { ...m.location, pings: pings(rows) },
  });
  const decided = (m: MatchState) =>
    expectOk(decide(m, { type: 'location.deadline' }, DEADLINE)).match.location;

  it('a clear vote wins whatever the pings', () => {
    const m = withPings(voting([{ userId: 11, locationId: 33 }]), [[11, 31, 5]]);
    expect(decided(m)).toMatchObject({ chosenId: 33, decidedBy: 'vote' });
  });

  it("no votes: the lowest median ping of the players wins; a stranger's pings do not count", () => {
    // 31: 80, 100, 120 → 100; 32: 40, 200 → 120; 33: nobody measured it. The stranger's 1 ms is ignored.
    const m = withPings(voting(), [
      [11, 31, 80],
      [12, 31, 100],
      [21, 31, 120],
      [11, 32, 40],
      [12, 32, 200],
      [STRANGER.userId, 32, 1],
    ]);
    expect(decided(m)).toMatchObject({ chosenId: 31, decidedBy: 'ping' });
  });

  it('a tie: only the tied locations compete on ping', () => {
    const m = withPings(
      voting([
        { userId: 11, locationId: 33 },
        { userId: 21, locationId: 32 },
      ]),
      [
        [11, 31, 1],
        [11, 32, 90],
        [11, 33, 50],
      ],
    );
    expect(decided(m)).toMatchObject({ chosenId: 33, decidedBy: 'ping' });
  });

  it('no votes and no pings: the lowest id', () => {
    expect(decided(voting())).toMatchObject({ chosenId: 31, decidedBy: 'lowest_id' });
  });

  it('pings: a player of the match in 11, offered locations only, replacing their own', () => {
    const send = (m: MatchState, actor: Actor, list: { locationId: number; ms: number }[], now = T0) =>
      decide(m, { type: 'location.pings', actor, pings: list }, now);
    const first = expectOk(send(voting(), CHALLENGER_PLAYER, [{ locationId: 31, ms: 20 }]));
    const again = expectOk(send(first.match, CHALLENGER_PLAYER, [{ locationId: 32, ms: 30 }]));
    expect(again.match.location.pings).toEqual([
      { userId: CHALLENGER_PLAYER.userId, locationId: 32, ms: 30 },
    ]);
    expect(again.events).toEqual([]);
    expect(expectRefused(send(voting(), STRANGER, [{ locationId: 31, ms: 1 }])).code).toBe('forbidden');
    expect(expectRefused(send(voting(), CHALLENGER_PLAYER, [{ locationId: 99, ms: 1 }])).code).toBe(
      'invalid',
    );
    expect(
      expectRefused(
        send(makeMatch({ statusId: STATUS.mapVeto }), CHALLENGER_PLAYER, [{ locationId: 31, ms: 1 }]),
      ).code,
    ).toBe('wrong-status');
  });
});

describe('every match type reaches the veto through the location rule', () => {
  const scheduled = (settings: Partial<MatchState['settings']>) =>
    makeMatch({
      statusId: STATUS.scheduled,
      settings: { ...makeMatch().settings, ...settings },
      location: { candidateIds: [31, 32], votes: [], deadline: null, chosenId: null },
    });

  it('vote: a ladder match due to start enters the location vote (11) with its countdown', () => {
    const { match } = expectOk(
      decide(scheduled({ locationVoteSeconds: 60 }), { type: 'schedule.start' }, T0),
    );
    expect(match.statusId).toBe(STATUS.locationSelect);
    expect(match.location.deadline).toBe(T0 + 60_000);
  });

  it("fixed: the competition's location is set without a vote and the veto starts", () => {
    const { match } = expectOk(
      decide(scheduled({ locationRule: 'fixed', fixedLocationId: 32 }), { type: 'schedule.start' }, T0),
    );
    expect(match.statusId).toBe(STATUS.mapVeto);
    expect(match.location).toMatchObject({ chosenId: 32, decidedBy: 'fixed' });
  });
});
