import { describe, expect, it } from 'vitest';
import { pickClickRefusal, vetoClickRefusal } from './click-refusal.ts';
import type { PickClickView, VetoClickView } from './click-refusal.ts';
import { MATCH_TEXTS } from './match-texts.ts';

const CHALLENGER = 10;
const OPPONENT = 20;

function veto(overrides: Partial<VetoClickView> = {}): VetoClickView {
  return {
    captains: [
      { userId: CHALLENGER, username: 'alpha' },
      { userId: OPPONENT, username: 'bravo' },
    ],
    turnUserId: OPPONENT,
    turnOver: false,
    map: { name: 'Crash', available: true },
    ...overrides,
  };
}

function pick(overrides: Partial<PickClickView> = {}): PickClickView {
  return {
    captainUserIds: [CHALLENGER, OPPONENT],
    turnUserId: CHALLENGER,
    turnOver: false,
    playerAvailable: true,
    ...overrides,
  };
}

describe('vetoClickRefusal', () => {
  it.each([
    ['a visitor', veto(), null, 'not-participant', `${MATCH_TEXTS.vetoNotParticipantPrefix} alpha, bravo`],
    ['a stranger', veto(), 99, 'not-participant', `${MATCH_TEXTS.vetoNotParticipantPrefix} alpha, bravo`],
    [
      'a stranger, a side without captain',
      veto({
        captains: [
          { userId: CHALLENGER, username: 'alpha' },
          { userId: null, username: null },
        ],
      }),
      99,
      'not-participant',
      `${MATCH_TEXTS.vetoNotParticipantPrefix} alpha, N/A`,
    ],
    ['the other captain', veto(), CHALLENGER, 'not-your-turn', MATCH_TEXTS.vetoNotYourTurn],
    ['no turn due', veto({ turnUserId: null }), OPPONENT, 'not-your-turn', MATCH_TEXTS.vetoNotYourTurn],
    ['the turn ran out', veto({ turnOver: true }), OPPONENT, 'stale', MATCH_TEXTS.vetoTurnOver],
    ['a map not in the pool', veto({ map: null }), OPPONENT, 'invalid', MATCH_TEXTS.vetoMapNotInPool],
    [
      'a map already taken',
      veto({ map: { name: 'Crash', available: false } }),
      OPPONENT,
      'invalid',
      `Crash ${MATCH_TEXTS.vetoMapTakenSuffix}`,
    ],
  ] as const)('refuses %s', (_name, view, userId, code, message) => {
    expect(vetoClickRefusal(view, userId)).toEqual({ code, message });
  });

  it('lets the captain on turn click an available map', () => {
    expect(vetoClickRefusal(veto(), OPPONENT)).toBeNull();
  });

  it('checks in order: the captain before the turn, the turn before the map', () => {
    const everythingWrong = veto({ turnUserId: CHALLENGER, turnOver: true, map: null });
    expect(vetoClickRefusal(everythingWrong, 99)?.code).toBe('not-participant');
    expect(vetoClickRefusal(everythingWrong, OPPONENT)?.code).toBe('not-your-turn');
    expect(vetoClickRefusal(everythingWrong, CHALLENGER)?.code).toBe('stale');
  });
});

describe('pickClickRefusal', () => {
  it.each([
    ['a visitor', pick(), null, 'forbidden', MATCH_TEXTS.pickNotCaptain],
    ['a player of the pool', pick(), 99, 'forbidden', MATCH_TEXTS.pickNotCaptain],
    ['the other captain', pick(), OPPONENT, 'not-your-turn', MATCH_TEXTS.pickNotYourTurn],
    ['picking is over', pick({ turnUserId: null }), CHALLENGER, 'not-your-turn', MATCH_TEXTS.pickNotYourTurn],
    ['the turn ran out', pick({ turnOver: true }), CHALLENGER, 'stale', MATCH_TEXTS.pickTurnOver],
    [
      'a player already picked',
      pick({ playerAvailable: false }),
      CHALLENGER,
      'invalid',
      MATCH_TEXTS.pickNotAvailable,
    ],
  ] as const)('refuses %s', (_name, view, userId, code, message) => {
    expect(pickClickRefusal(view, userId)).toEqual({ code, message });
  });

  it('lets the captain on turn pick a player of the pool', () => {
    expect(pickClickRefusal(pick(), CHALLENGER)).toBeNull();
  });

  it('checks in order: the captain before the turn, the turn before the player', () => {
    const everythingWrong = pick({ turnUserId: OPPONENT, turnOver: true, playerAvailable: false });
    expect(pickClickRefusal(everythingWrong, 99)?.code).toBe('forbidden');
    expect(pickClickRefusal(everythingWrong, CHALLENGER)?.code).toBe('not-your-turn');
    expect(pickClickRefusal(everythingWrong, OPPONENT)?.code).toBe('stale');
  });
});
