import { describe, expect, it } from 'vitest';
import { CHALLENGER_CAPTAIN, expectOk, expectRefused, makeMatch, OPPONENT_CAPTAIN, T0 } from './fixtures.ts';
import { defaultLineup, lineupIncompleteText, LINEUP_TEXTS, lineupSizeText } from './lineup.ts';
import { decide } from './machine.ts';
import { STATUS } from './statuses.ts';

const ROSTER = [
  { userId: 11, username: 'redcap', rating: 1500 },
  { userId: 12, username: 'redtwo', rating: 1400 },
  { userId: 13, username: 'redthree', rating: 1300 },
];

describe('lineups in a tournament ready check', () => {
  const base = makeMatch({
    type: 'tournament',
    statusId: STATUS.readyUp,
    readyDeadline: T0 + 60_000,
    challenger: { ...makeMatch().challenger, rosterSize: 3 },
    players: makeMatch().players.filter((p) => p.side === 2),
  });

  it('a captain cannot ready up without a complete lineup, and sets it during the check', () => {
    const refused = expectRefused(
      decide(base, { type: 'ready.set', actor: CHALLENGER_CAPTAIN, ready: true }, T0),
    );
    expect(refused.message).toBe(lineupIncompleteText('Red Team', 0, 2));
    const tooMany = decide(
      base,
      { type: 'lineup.set', actor: CHALLENGER_CAPTAIN, userIds: [11, 12, 13], roster: ROSTER },
      T0,
    );
    expect(expectRefused(tooMany).message).toBe(lineupSizeText(2));
    const set = expectOk(
      decide(base, { type: 'lineup.set', actor: CHALLENGER_CAPTAIN, userIds: [12, 13], roster: ROSTER }, T0),
    );
    const ready = expectOk(
      decide(set.match, { type: 'ready.set', actor: CHALLENGER_CAPTAIN, ready: true }, T0),
    );
    expect(ready.match.challenger.ready).toBe(true);
  });

  it('the other captain cannot take a player of this lineup; solo-queue and late changes are refused', () => {
    const set = expectOk(
      decide(base, { type: 'lineup.set', actor: CHALLENGER_CAPTAIN, userIds: [12, 13], roster: ROSTER }, T0),
    ).match;
    const steal = decide(
      set,
      {
        type: 'lineup.set',
        actor: OPPONENT_CAPTAIN,
        userIds: [21, 13],
        roster: [{ userId: 21, username: 'bluecap', rating: 1 }, ROSTER[2]!],
      },
      T0,
    );
    expect(expectRefused(steal)).toEqual({
      code: 'invalid',
      message: "redthree is already in Red Team's lineup: a player can play for only one side of a match.",
    });
    const late = decide(
      { ...set, statusId: STATUS.mapVeto },
      { type: 'lineup.set', actor: CHALLENGER_CAPTAIN, userIds: [12, 13], roster: ROSTER },
      T0,
    );
    expect(expectRefused(late).message).toBe(LINEUP_TEXTS.tooLate);
    const pug = decide(
      { ...set, type: 'solo-queue' },
      { type: 'lineup.set', actor: CHALLENGER_CAPTAIN, userIds: [12, 13], roster: ROSTER },
      T0,
    );
    expect(expectRefused(pug).message).toBe(LINEUP_TEXTS.soloQueue);
  });

  it('the roster is the default lineup only when it has the team size and shares nobody', () => {
    expect(defaultLineup([1, 2], 2)).toEqual([1, 2]);
    // A team smaller than the team size does not play short-handed (league-rules.ts).
    expect(defaultLineup([1], 2)).toEqual([]);
    expect(defaultLineup([1, 2, 3], 2)).toEqual([]);
    expect(defaultLineup([1, 2], 2, [2])).toEqual([]);
  });
});
