import { describe, expect, it } from 'vitest';
import { makeActions, makeMatchDetail, makeTeam, makeVetoMatch } from '@/testing/match-factories';
import type { PickData } from '@versus/common/realtime';
import { STATUS } from '@versus/common/match/statuses';
import { formatClock, matchPhase, phaseTitle, type PhaseInput } from './phase';

const NOW = 1_000_000;
const detail = (statusId: PhaseInput['detail']['statusId'], statusName = 'Map veto') => {
  const base = makeMatchDetail({ statusId });
  return { ...base, information: { ...base.information, statusName } };
};
const pug = (pickerTeamId: number | null): PickData => ({
  users: [],
  challengerTeamId: 1,
  opponentTeamId: 2,
  challengerUser: { id: 1, username: 'player1', color: null },
  opponentUser: { id: 6, username: 'player6', color: null },
  pickerTeamId,
  timeRemaining: NOW + 25,
});

describe('matchPhase', () => {
  it('veto: the clock, who bans, and the captain on turn', () => {
    const veto = makeVetoMatch({}, NOW);
    const onTurn = matchPhase({ detail: detail(STATUS.mapVeto), userId: 6, veto, nowSeconds: NOW });
    expect(onTurn).toEqual({
      name: 'Map veto',
      secondsLeft: 20,
      turn: 'player6 is banning a map',
      yourTurn: 'ban a map',
    });
    const other = matchPhase({ detail: detail(STATUS.mapVeto), userId: 1, veto, nowSeconds: NOW });
    expect(other.yourTurn).toBeNull();
    const pick = makeVetoMatch({ vetoDetail: { userId: 1, teamId: 11, step: 'pick' } }, NOW);
    expect(
      matchPhase({ detail: detail(STATUS.mapVeto), userId: 1, veto: pick, nowSeconds: NOW }),
    ).toMatchObject({
      turn: 'player1 is picking a map',
      yourTurn: 'pick a map',
    });
    // A passed deadline has no clock.
    expect(
      matchPhase({ detail: detail(STATUS.mapVeto), userId: 1, veto, nowSeconds: NOW + 30 }).secondsLeft,
    ).toBeNull();
  });

  it('player select: the picking captain by name (the roster gives the viewer theirs)', () => {
    const d = detail(STATUS.playerSelect, 'Player select');
    expect(matchPhase({ detail: d, userId: 1, pick: pug(1), nowSeconds: NOW })).toEqual({
      name: 'Player select',
      secondsLeft: 25,
      turn: 'player1 is picking a player',
      yourTurn: 'pick a player',
    });
    expect(matchPhase({ detail: d, userId: 1, pick: pug(2), nowSeconds: NOW }).yourTurn).toBeNull();
    expect(matchPhase({ detail: d, userId: 1, pick: pug(null), nowSeconds: NOW }).turn).toBeNull();
  });

  it('location vote, ready check, challenge and score approval', () => {
    const locations = {
      data: [],
      meta: { remainingSeconds: 12, votedLocationId: null, chosenLocationId: null, canVote: true },
    };
    expect(
      matchPhase({ detail: detail(STATUS.locationSelect), userId: 1, locations, nowSeconds: NOW }),
    ).toMatchObject({ secondsLeft: 12, yourTurn: 'vote for a location' });
    const voted = { ...locations, meta: { ...locations.meta, votedLocationId: 3 } };
    expect(
      matchPhase({ detail: detail(STATUS.locationSelect), userId: 1, locations: voted, nowSeconds: NOW })
        .yourTurn,
    ).toBeNull();

    const ready = {
      ...detail(STATUS.readyUp),
      teams: { challenger: makeTeam({ ready: true }), opponent: makeTeam({ name: 'Northern Wolves' }) },
    };
    expect(
      matchPhase({ detail: ready, userId: 1, actions: makeActions({ canSetReady: true }), nowSeconds: NOW }),
    ).toMatchObject({ turn: 'Waiting for Northern Wolves to ready up', yourTurn: 'ready up' });

    expect(
      matchPhase({
        detail: detail(STATUS.challenge),
        userId: 6,
        actions: makeActions({ canAcceptMatch: true }),
        nowSeconds: NOW,
      }).yourTurn,
    ).toBe('accept the challenge');

    const entered = detail(STATUS.scoreEntered);
    expect(
      matchPhase({ detail: entered, userId: 6, scoreTitle: 'Approve score', nowSeconds: NOW }).yourTurn,
    ).toBe('approve the score');
    expect(
      matchPhase({ detail: entered, userId: 1, scoreTitle: 'Edit score', nowSeconds: NOW }).yourTurn,
    ).toBeNull();
    expect(matchPhase({ detail: detail(STATUS.finished), userId: 1, nowSeconds: NOW }).turn).toBeNull();
  });

  it('a finished or cancelled match says how it ended beside the status name', () => {
    const ended = (statusId: 5 | 7, statusName: string, headline: string) => ({
      ...detail(statusId, statusName),
      outcome: { headline },
    });
    expect(
      matchPhase({
        detail: ended(5, 'Finished', 'Walkover: Bravo did not show'),
        userId: 1,
        nowSeconds: NOW,
      }),
    ).toEqual({ name: 'Finished', secondsLeft: null, turn: 'Walkover: Bravo did not show', yourTurn: null });
    expect(
      matchPhase({ detail: ended(7, 'Cancelled', 'Declined by Bravo'), userId: 1, nowSeconds: NOW }).turn,
    ).toBe('Declined by Bravo');
  });

  it('the ready check and the score approval run on the deadlines of the detail answer', () => {
    const at = (seconds: number) => new Date((NOW + seconds) * 1000).toISOString();
    const ready = { ...detail(STATUS.readyUp), readyDeadline: at(95) };
    expect(matchPhase({ detail: ready, userId: 1, nowSeconds: NOW }).secondsLeft).toBe(95);
    expect(matchPhase({ detail: ready, userId: 1, nowSeconds: NOW + 100 }).secondsLeft).toBeNull();
    const entered = { ...detail(STATUS.scoreEntered), scoreApprovalDeadline: at(3600) };
    expect(matchPhase({ detail: entered, userId: 1, nowSeconds: NOW }).secondsLeft).toBe(3600);
    expect(matchPhase({ detail: detail(STATUS.readyUp), userId: 1, nowSeconds: NOW }).secondsLeft).toBeNull();
  });
});

describe('phaseTitle and formatClock', () => {
  it('puts the turn in the tab title, else the teams', () => {
    const phase = { name: 'Map veto', secondsLeft: 5, turn: null, yourTurn: 'ban a map' };
    expect(phaseTitle(phase, 'Red Dragons', 'Northern Wolves')).toBe('Your turn – ban a map · Versus');
    expect(phaseTitle({ ...phase, yourTurn: null }, 'Red Dragons', 'Northern Wolves')).toBe(
      'Red Dragons vs Northern Wolves · Versus',
    );
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(86_399)).toBe('23:59:59');
  });
});
