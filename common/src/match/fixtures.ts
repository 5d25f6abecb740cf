// Test factories for the machine's tests (not used by the app). Times are epoch ms from T0.
import type { Actor } from './commands.ts';
import type { Decision } from './decision.ts';
import { DEFAULT_MATCH_SETTINGS, SIDE_CHALLENGER, SIDE_OPPONENT } from './state.ts';
import type { MatchMapState, MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

export const T0 = Date.UTC(2025, 0, 1, 18, 0, 0);
export const CHALLENGER_CAPTAIN: Actor = { userId: 11, isAdmin: false };
export const OPPONENT_CAPTAIN: Actor = { userId: 21, isAdmin: false };
export const CHALLENGER_PLAYER: Actor = { userId: 12, isAdmin: false };
export const STRANGER: Actor = { userId: 99, isAdmin: false };
export const ADMIN: Actor = { userId: 1, isAdmin: true };

export const COD4_MAPS = [
  ['Backlot', 'mp_backlot'],
  ['Crash', 'mp_crash'],
  ['Crossfire', 'mp_crossfire'],
  ['District', 'mp_citystreets'],
  ['Overgrown', 'mp_overgrown'],
  ['Strike', 'mp_strike'],
  ['Vacant', 'mp_vacant'],
] as const;

export function poolMaps(count = 7): MatchMapState[] {
  return Array.from({ length: count }, (_, i) => {
    const [name, nameCmd] = COD4_MAPS[i % COD4_MAPS.length] ?? ['Map', 'mp_map'];
    return {
      mapId: 101 + i,
      name: i < COD4_MAPS.length ? name : `${name} ${String(i)}`,
      nameCmd,
      pickedBySide: null,
      removedBySide: null,
      decider: false,
      mapOrder: null,
      mapIndex: null,
    };
  });
}

export function makeMatch(overrides: Partial<MatchState> = {}): MatchState {
  return {
    id: 7,
    type: 'ladder',
    statusId: STATUS.challenge,
    bestOf: 1,
    challenger: {
      teamId: 1,
      tag: 'RED',
      name: 'Red Team',
      captainUserId: CHALLENGER_CAPTAIN.userId,
      captainUsername: 'redcap',
      ready: false,
    },
    opponent: {
      teamId: 2,
      tag: 'BLU',
      name: 'Blue Team',
      captainUserId: OPPONENT_CAPTAIN.userId,
      captainUsername: 'bluecap',
      ready: false,
    },
    players: [
      { userId: 11, username: 'redcap', side: SIDE_CHALLENGER, rating: 1500 },
      { userId: 12, username: 'redtwo', side: SIDE_CHALLENGER, rating: 1400 },
      { userId: 21, username: 'bluecap', side: SIDE_OPPONENT, rating: 1500 },
      { userId: 22, username: 'bluetwo', side: SIDE_OPPONENT, rating: 1400 },
    ],
    startDate: T0,
    settings: { ...DEFAULT_MATCH_SETTINGS, teamSize: 2 },
    randomSeed: 123456,
    readyDeadline: null,
    maps: poolMaps(),
    veto: { firstSide: SIDE_OPPONENT, step: 0, deadline: null },
    pick: { step: 0, deadline: null },
    location: { candidateIds: [], votes: [], deadline: null, chosenId: null },
    score: {
      maps: null,
      enteredBySide: null,
      enteredByUserId: null,
      approvalDeadline: null,
      challengerMaps: null,
      opponentMaps: null,
    },
    winnerSide: null,
    forfeit: false,
    finishedAt: null,
    cancelledByUserId: null,
    cancelReason: null,
    ...overrides,
  };
}

/** The accepted result, or a test failure naming the refusal. */
export function expectOk(decision: Decision): Extract<Decision, { ok: true }> {
  if (!decision.ok) throw new Error(`Refused: ${decision.error.code} ${decision.error.message}`);
  return decision;
}

export function expectRefused(decision: Decision): Extract<Decision, { ok: false }>['error'] {
  if (decision.ok) throw new Error('Expected a refusal, got an accepted decision');
  return decision.error;
}
