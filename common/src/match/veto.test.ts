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
import { SIDE_CHALLENGER, SIDE_OPPONENT, SIDE_SYSTEM } from './state.ts';
import type { MatchState } from './state.ts';
import type { BestOf } from './veto-order.ts';
import { currentVetoTurn, startVeto } from './veto.ts';
import { STATUS } from './statuses.ts';

const TURN_MS = 30_000;

function vetoMatch(bestOf: BestOf = 1, overrides: Partial<MatchState> = {}): MatchState {
  return expectOk(startVeto(makeMatch({ statusId: STATUS.scheduled, bestOf, ...overrides }), T0)).match;
}

/** Runs the whole veto by clicks, each captain clicking the first available map in `wanted` order. */
function clickThrough(match: MatchState, wanted: number[]): MatchState {
  let m = match;
  let now = T0;
  while (m.statusId === STATUS.mapVeto) {
    const turn = currentVetoTurn(m);
    if (!turn?.userId) throw new Error('no turn');
    const mapId = wanted.find((id) => {
      const map = m.maps.find((x) => x.mapId === id);
      return map && map.pickedBySide === null && map.removedBySide === null;
    });
    if (mapId === undefined) throw new Error('no map');
    now += 1000;
    const actor: Actor = { userId: turn.userId, isAdmin: false };
    m = expectOk(decide(m, { type: 'veto.select', actor, mapId }, now)).match;
  }
  return m;
}

describe('starting the veto', () => {
  it('sets step 0, the deadline and team A = the opponent', () => {
    const m = vetoMatch();
    expect(m.statusId).toBe(STATUS.mapVeto);
    expect(m.veto).toEqual({ firstSide: SIDE_OPPONENT, step: 0, deadline: T0 + TURN_MS });
    expect(currentVetoTurn(m)).toEqual({
      step: 0,
      side: SIDE_OPPONENT,
      action: 'ban',
      userId: OPPONENT_CAPTAIN.userId,
    });
  });
});

describe('a full veto with 7 maps', () => {
  const order = [101, 102, 103, 104, 105, 106, 107];

  it('BO1: six bans, the last map is the decider, status 4 and a game server', () => {
    const start = vetoMatch(1);
    const m = clickThrough(start, order);
    expect(m.statusId).toBe(STATUS.inProgress);
    expect(m.veto.deadline).toBeNull();
    const summary = m.maps.map((x) => [
      x.mapId,
      x.pickedBySide,
      x.removedBySide,
      x.decider,
      x.mapOrder,
      x.mapIndex,
    ]);
    expect(summary).toEqual([
      [101, null, SIDE_OPPONENT, false, null, 1],
      [102, null, SIDE_CHALLENGER, false, null, 2],
      [103, null, SIDE_OPPONENT, false, null, 3],
      [104, null, SIDE_CHALLENGER, false, null, 4],
      [105, null, SIDE_OPPONENT, false, null, 5],
      [106, null, SIDE_CHALLENGER, false, null, 6],
      [107, null, null, true, 1, 7],
    ]);
  });

  it('BO3: ban ban pick pick ban ban decider, played as pick A, pick B, decider', () => {
    const m = clickThrough(vetoMatch(3), order);
    expect(m.statusId).toBe(STATUS.inProgress);
    const summary = m.maps.map((x) => [
      x.mapId,
      x.pickedBySide,
      x.removedBySide,
      x.decider,
      x.mapOrder,
      x.mapIndex,
    ]);
    expect(summary).toEqual([
      [101, null, SIDE_OPPONENT, false, null, 1],
      [102, null, SIDE_CHALLENGER, false, null, 2],
      [103, SIDE_OPPONENT, null, false, 1, 3],
      [104, SIDE_CHALLENGER, null, false, 2, 4],
      [105, null, SIDE_OPPONENT, false, null, 5],
      [106, null, SIDE_CHALLENGER, false, null, 6],
      [107, null, null, true, 3, 7],
    ]);
  });

  it('BO5: four picks, two bans, decider fifth', () => {
    const m = clickThrough(vetoMatch(5), order);
    expect(m.statusId).toBe(STATUS.inProgress);
    const summary = m.maps.map((x) => [
      x.mapId,
      x.pickedBySide,
      x.removedBySide,
      x.decider,
      x.mapOrder,
      x.mapIndex,
    ]);
    expect(summary).toEqual([
      [101, SIDE_OPPONENT, null, false, 1, 1],
      [102, SIDE_CHALLENGER, null, false, 2, 2],
      [103, SIDE_OPPONENT, null, false, 3, 3],
      [104, SIDE_CHALLENGER, null, false, 4, 4],
      [105, null, SIDE_OPPONENT, false, null, 5],
      [106, null, SIDE_CHALLENGER, false, null, 6],
      [107, null, null, true, 5, 7],
    ]);
  });

  it('announces a step with OnMatchMapChange and restarts the clock', () => {
    const first = expectOk(
      decide(vetoMatch(1), { type: 'veto.select', actor: OPPONENT_CAPTAIN, mapId: 101 }, T0 + 1),
    );
    expect(first.events).toEqual([{ type: 'OnMatchMapChange' }]);
    expect(first.match.veto).toMatchObject({ step: 1, deadline: T0 + 1 + TURN_MS });
  });

  it('the last click ends the veto with OnMatchMapChange, MatchDetailUpdate and GameServerRequested', () => {
    let m = vetoMatch(1);
    const ids = [101, 102, 103, 104, 105];
    for (const mapId of ids) {
      const turn = currentVetoTurn(m);
      m = expectOk(
        decide(m, { type: 'veto.select', actor: { userId: turn?.userId ?? 0, isAdmin: false }, mapId }, T0),
      ).match;
    }
    const last = expectOk(decide(m, { type: 'veto.select', actor: CHALLENGER_CAPTAIN, mapId: 106 }, T0));
    expect(last.events).toEqual([
      { type: 'OnMatchMapChange' },
      { type: 'MatchDetailUpdate' },
      { type: 'GameServerRequested', locationId: null },
    ]);
  });
});

describe('veto refusals, in the spec order and with its texts', () => {
  it('wrong status comes first', () => {
    const m = makeMatch({ statusId: STATUS.inProgress });
    const error = expectRefused(decide(m, { type: 'veto.select', actor: STRANGER, mapId: 101 }, T0));
    expect(error).toEqual({ code: 'wrong-status', message: MATCH_TEXTS.vetoWrongStatus });
  });

  it('not a participant: the spec text followed by both captains', () => {
    const error = expectRefused(
      decide(vetoMatch(), { type: 'veto.select', actor: STRANGER, mapId: 101 }, T0),
    );
    expect(error.code).toBe('not-participant');
    expect(error.message).toBe(
      'You are not the challenger or accepter or this match, only the following players can veto: redcap, bluecap',
    );
  });

  it('a team mate who is not the captain is not a participant either', () => {
    const error = expectRefused(
      decide(vetoMatch(), { type: 'veto.select', actor: CHALLENGER_PLAYER, mapId: 101 }, T0),
    );
    expect(error.code).toBe('not-participant');
  });

  it('not your turn (checked before the map)', () => {
    const error = expectRefused(
      decide(vetoMatch(), { type: 'veto.select', actor: CHALLENGER_CAPTAIN, mapId: 999 }, T0),
    );
    expect(error).toEqual({ code: 'not-your-turn', message: "It's not your turn to pick/ban!" });
  });

  it('a map that is not in the pool', () => {
    const error = expectRefused(
      decide(vetoMatch(), { type: 'veto.select', actor: OPPONENT_CAPTAIN, mapId: 999 }, T0),
    );
    expect(error).toEqual({ code: 'invalid', message: MATCH_TEXTS.vetoMapNotInPool });
  });

  it('a map already banned: {map name} - is already picked/banned!', () => {
    const m = expectOk(
      decide(vetoMatch(), { type: 'veto.select', actor: OPPONENT_CAPTAIN, mapId: 101 }, T0),
    ).match;
    const error = expectRefused(
      decide(m, { type: 'veto.select', actor: CHALLENGER_CAPTAIN, mapId: 101 }, T0),
    );
    expect(error).toEqual({ code: 'invalid', message: 'Backlot - is already picked/banned!' });
  });

  it('a click at or after the deadline is refused: the sweeper owns the turn', () => {
    const m = vetoMatch();
    const error = expectRefused(
      decide(m, { type: 'veto.select', actor: OPPONENT_CAPTAIN, mapId: 101 }, T0 + TURN_MS),
    );
    expect(error).toEqual({ code: 'stale', message: MATCH_TEXTS.vetoTurnOver });
  });
});

describe('veto timeout', () => {
  it('is stale before the deadline', () => {
    const error = expectRefused(decide(vetoMatch(), { type: 'veto.timeout', step: 0 }, T0 + TURN_MS - 1));
    expect(error).toEqual({ code: 'stale', message: MATCH_TEXTS.staleNotDue });
  });

  it('is stale when the step was already played (a click won the race)', () => {
    const m = expectOk(
      decide(vetoMatch(), { type: 'veto.select', actor: OPPONENT_CAPTAIN, mapId: 101 }, T0 + 5),
    ).match;
    const error = expectRefused(decide(m, { type: 'veto.timeout', step: 0 }, T0 + TURN_MS + 5));
    expect(error).toEqual({ code: 'stale', message: MATCH_TEXTS.staleStep });
  });

  it('is stale once the veto is over', () => {
    const error = expectRefused(
      decide(makeMatch({ statusId: STATUS.inProgress }), { type: 'veto.timeout', step: 0 }, T0),
    );
    expect(error.code).toBe('stale');
  });

  it('a click racing the sweeper: exactly one of them applies', () => {
    const m = vetoMatch();
    for (const now of [T0 + TURN_MS - 1, T0 + TURN_MS, T0 + TURN_MS + 1]) {
      const click = decide(m, { type: 'veto.select', actor: OPPONENT_CAPTAIN, mapId: 101 }, now);
      const sweep = decide(m, { type: 'veto.timeout', step: 0 }, now);
      expect([click.ok, sweep.ok].filter(Boolean)).toHaveLength(1);
    }
  });

  it('records a system ban as removed by -1 and restarts the clock', () => {
    const now = T0 + TURN_MS;
    const { match, events } = expectOk(decide(vetoMatch(), { type: 'veto.timeout', step: 0 }, now));
    const banned = match.maps.filter((x) => x.removedBySide !== null);
    expect(banned).toHaveLength(1);
    expect(banned[0]?.removedBySide).toBe(SIDE_SYSTEM);
    expect(banned[0]?.mapIndex).toBe(1);
    expect(match.veto).toMatchObject({ step: 1, deadline: now + TURN_MS });
    expect(events).toEqual([{ type: 'OnMatchMapChange' }]);
  });

  it("records a system pick as that team's pick", () => {
    const m = vetoMatch(5);
    const { match } = expectOk(decide(m, { type: 'veto.timeout', step: 0 }, T0 + TURN_MS));
    const picked = match.maps.filter((x) => x.pickedBySide !== null);
    expect(picked).toHaveLength(1);
    expect(picked[0]).toMatchObject({ pickedBySide: SIDE_OPPONENT, mapOrder: 1, mapIndex: 1 });
  });

  function autoVeto(seed: number, bestOf: BestOf): MatchState {
    let m = vetoMatch(bestOf, { randomSeed: seed });
    while (m.statusId === STATUS.mapVeto) {
      const deadline = m.veto.deadline ?? 0;
      m = expectOk(decide(m, { type: 'veto.timeout', step: m.veto.step }, deadline)).match;
    }
    return m;
  }

  it.each([1, 3, 5] as const)(
    'BO%i: the same seed replays the same veto; the whole veto can run on timeouts',
    (bestOf) => {
      const a = autoVeto(42, bestOf);
      const b = autoVeto(42, bestOf);
      expect(a.statusId).toBe(STATUS.inProgress);
      expect(a.maps).toEqual(b.maps);
      expect(a.maps.filter((x) => x.decider)).toHaveLength(1);
      expect(a.maps.filter((x) => x.mapOrder !== null)).toHaveLength(bestOf);
    },
  );

  it('different seeds can draw differently', () => {
    const deciders = new Set(
      Array.from({ length: 20 }, (_, seed) => autoVeto(seed, 1).maps.find((x) => x.decider)?.mapId),
    );
    expect(deciders.size).toBeGreaterThan(1);
  });
});
