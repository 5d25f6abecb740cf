import { describe, expect, it } from 'vitest';
import { namesAnotherPlayer, normalizeName } from './name-claim.ts';

const roster = [
  { userId: 2, username: 'player2', inGameName: null },
  { userId: 7, username: 'player7', inGameName: 'Sniper' },
  { userId: 8, username: 'player8', inGameName: 'player2' },
];

describe('a name claim', () => {
  it.each([
    ['player7', 2, true], // another player's username
    ['^1PLAYER7 ', 2, true], // colour codes, case and spaces do not disguise it
    ['sniper', 2, true], // another player's in-game name
    ['player2', 2, false], // his own username, even when another's roster name says so
    ['Sniper', 7, false], // his own in-game name
    ['Ghost', 2, false], // nobody's name
  ])('%j by user %i names another player: %s', (name, userId, expected) => {
    expect(namesAnotherPlayer(name, userId, roster)).toBe(expected);
  });

  it('compares names without colour codes, case or outer spaces', () => {
    expect(normalizeName(' ^1Al^2pha ')).toBe('alpha');
  });
});
