// The click refusals a page may show before sending a veto turn or a pick: `vetoRefusal` and `pickRefusal`
// answer with the command's own text, in the command's order of checks, and null exactly when the command
// would be accepted.
import { describe, expect, it } from 'vitest';
import { CHALLENGER_CAPTAIN, makeMatch, OPPONENT_CAPTAIN, STRANGER, T0 } from './fixtures.ts';
import { decide } from './machine.ts';
import { MATCH_TEXTS, vetoMapTaken } from './match-texts.ts';
import { pickRefusal } from './pick.ts';
import { SIDE_CHALLENGER, SIDE_OPPONENT, SIDE_UNASSIGNED } from './state.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import { vetoRefusal } from './veto.ts';

/** A veto on its first step: the opponent (team A) bans, 30 s left; the first map is already gone. */
function veto(): MatchState {
  const base = makeMatch();
  const [first, ...rest] = base.maps;
  if (!first) throw new Error('no maps');
  return makeMatch({
    statusId: STATUS.mapVeto,
    veto: { firstSide: SIDE_OPPONENT, step: 0, deadline: T0 + 30_000 },
    maps: [{ ...first, removedBySide: SIDE_CHALLENGER, mapIndex: 1 }, ...rest],
  });
}

/** Player select on its first pick (the challenger captain's), three players in the pool. */
function pick(): MatchState {
  const base = makeMatch();
  return makeMatch({
    type: 'solo-queue',
    statusId: STATUS.playerSelect,
    pick: { step: 0, deadline: T0 + 30_000 },
    players: [
      ...base.players,
      { userId: 31, username: 'poolone', side: SIDE_UNASSIGNED, rating: 1200 },
      { userId: 32, username: 'pooltwo', side: SIDE_UNASSIGNED, rating: 1100 },
      { userId: 33, username: 'poolthree', side: SIDE_UNASSIGNED, rating: 1000 },
    ],
  });
}

/** The "not a participant" text: the prefix, a space, then both captains' usernames joined by ", ". */
function vetoNotParticipant(match: MatchState): string {
  const names = [match.challenger.captainUsername, match.opponent.captainUsername].map((n) => n ?? 'N/A');
  return `${MATCH_TEXTS.vetoNotParticipantPrefix} ${names.join(', ')}`;
}

describe('vetoRefusal', () => {
  const match = veto();
  const [taken, free] = match.maps;
  if (!taken || !free) throw new Error('no maps');

  it.each([
    ['a stranger', STRANGER.userId, free.mapId, T0, vetoNotParticipant(match)],
    ['a signed-out viewer', null, free.mapId, T0, vetoNotParticipant(match)],
    ['the captain not on turn', CHALLENGER_CAPTAIN.userId, free.mapId, T0, MATCH_TEXTS.vetoNotYourTurn],
    ['a map already banned', OPPONENT_CAPTAIN.userId, taken.mapId, T0, vetoMapTaken(taken.name)],
    ['a map not in the pool', OPPONENT_CAPTAIN.userId, 999, T0, MATCH_TEXTS.vetoMapNotInPool],
    ['a click at the deadline', OPPONENT_CAPTAIN.userId, free.mapId, T0 + 30_000, MATCH_TEXTS.vetoTurnOver],
    ['the captain on turn, a free map', OPPONENT_CAPTAIN.userId, free.mapId, T0, null],
  ])('answers %s with the command’s own refusal', (_case, userId, mapId, now, text) => {
    expect(vetoRefusal(match, userId, mapId, now)).toBe(text);
    if (userId === null) return;
    const decision = decide(match, { type: 'veto.select', actor: { userId, isAdmin: false }, mapId }, now);
    expect(decision.ok ? null : decision.error.message).toBe(text);
  });

  it('refuses outside the veto', () => {
    const over = { ...match, statusId: STATUS.inProgress };
    expect(vetoRefusal(over, OPPONENT_CAPTAIN.userId, free.mapId, T0)).toBe(MATCH_TEXTS.vetoWrongStatus);
  });
});

describe('pickRefusal', () => {
  const match = pick();

  it.each([
    ['a stranger', STRANGER.userId, 31, T0, MATCH_TEXTS.pickNotCaptain],
    ['a signed-out viewer', null, 31, T0, MATCH_TEXTS.pickNotCaptain],
    ['the captain not due', OPPONENT_CAPTAIN.userId, 31, T0, MATCH_TEXTS.pickNotYourTurn],
    ['a player already on a side', CHALLENGER_CAPTAIN.userId, 22, T0, MATCH_TEXTS.pickNotAvailable],
    ['a pick at the deadline', CHALLENGER_CAPTAIN.userId, 31, T0 + 30_000, MATCH_TEXTS.pickTurnOver],
    ['the captain due, a player in the pool', CHALLENGER_CAPTAIN.userId, 31, T0, null],
  ])('answers %s with the command’s own refusal', (_case, userId, playerUserId, now, text) => {
    expect(pickRefusal(match, userId, playerUserId, now)).toBe(text);
    if (userId === null) return;
    const command = { type: 'pick.select' as const, actor: { userId, isAdmin: false }, playerUserId };
    const decision = decide(match, command, now);
    expect(decision.ok ? null : decision.error.message).toBe(text);
  });

  it('refuses outside player select', () => {
    const over = { ...match, statusId: STATUS.locationSelect };
    expect(pickRefusal(over, CHALLENGER_CAPTAIN.userId, 31, T0)).toBe(MATCH_TEXTS.pickWrongStatus);
  });
});
