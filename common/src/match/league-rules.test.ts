import { describe, expect, it } from 'vitest';
import { CHALLENGER_CAPTAIN, expectOk, expectRefused, makeMatch, OPPONENT_CAPTAIN, T0 } from './fixtures.ts';
import type { MatchCommand } from './commands.ts';
import type { Availability } from './league-rules.ts';
import { holdsPlayers, playingElsewhereText, teamTooSmallText } from './league-rules.ts';
import { decide } from './machine.ts';
import { canAcceptChallenge, canSetReady } from './policies.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

const FULL: Availability['rosterSizes'] = { challenger: 2, opponent: 2 };
const free = (rosterSizes = FULL): Availability => ({ rosterSizes, elsewhere: [] });
const busy = (userId: number, username: string, matchId: number): Availability => ({
  rosterSizes: FULL,
  elsewhere: [{ userId, username, matchId }],
});
const readyCheck = (overrides: Partial<MatchState> = {}) =>
  makeMatch({ type: 'tournament', statusId: STATUS.readyUp, readyDeadline: T0 + 600_000, ...overrides });

describe('league rules: team size', () => {
  it('words the refusal for the own team and for the other team', () => {
    expect(teamTooSmallText(null, 'ladder', 5, 2)).toBe(
      'Your team needs at least 5 members to play this ladder (it has 2).',
    );
    expect(teamTooSmallText('Red Team', 'tournament', 1, 0)).toBe(
      'Red Team needs at least 1 member to play this tournament (it has 0).',
    );
  });

  it.each([
    [{ challenger: 2, opponent: 1 }, 'Your team needs at least 2 members to play this ladder (it has 1).'],
    [{ challenger: 1, opponent: 2 }, 'Red Team needs at least 2 members to play this ladder (it has 1).'],
  ])('accepting is refused while a team is too small (%o)', (rosterSizes, message) => {
    const accept = {
      type: 'challenge.accept' as const,
      actor: OPPONENT_CAPTAIN,
      availability: free(rosterSizes),
    };
    expect(expectRefused(decide(makeMatch(), accept, T0))).toEqual({ code: 'invalid', message });
  });

  it('readying up is refused while the own team is too small; the other team does not matter yet', () => {
    const command = {
      type: 'ready.set',
      actor: CHALLENGER_CAPTAIN,
      ready: true,
      availability: free({ challenger: 1, opponent: 2 }),
    } as const;
    expect(expectRefused(decide(readyCheck(), command, T0)).message).toBe(
      'Your team needs at least 2 members to play this tournament (it has 1).',
    );
    const other = { ...command, actor: OPPONENT_CAPTAIN };
    expect(expectOk(decide(readyCheck(), other, T0)).match.opponent.ready).toBe(true);
  });
});

describe('league rules: one match in play at a time', () => {
  it('accepting a challenge due now waits for a player who is playing another match', () => {
    const command = {
      type: 'challenge.accept',
      actor: OPPONENT_CAPTAIN,
      availability: busy(22, 'bluetwo', 12),
    } as const;
    expect(expectRefused(decide(makeMatch(), command, T0))).toEqual({
      code: 'invalid',
      message: 'bluetwo is already playing match #12; a player can play only one match at a time.',
    });
    // A start later on is only scheduled: the start itself waits for the player.
    const later = makeMatch({ startDate: T0 + 3_600_000 });
    const scheduled = expectOk(decide(later, command, T0)).match;
    expect(scheduled.statusId).toBe(STATUS.scheduled);
    const start = decide(
      scheduled,
      { type: 'schedule.start', availability: busy(22, 'bluetwo', 12) },
      T0 + 3_600_000,
    );
    expect(expectRefused(start).message).toBe(
      playingElsewhereText({ userId: 22, username: 'bluetwo', matchId: 12 }),
    );
    expect(
      expectOk(decide(scheduled, { type: 'schedule.start', availability: free() }, T0 + 3_600_000)).match
        .statusId,
    ).toBe(STATUS.mapVeto);
  });

  it('readying up is refused while a lineup player plays elsewhere; the flag asks the same rule', () => {
    const command = {
      type: 'ready.set',
      actor: CHALLENGER_CAPTAIN,
      ready: true,
      availability: busy(12, 'redtwo', 40),
    } as const;
    expect(expectRefused(decide(readyCheck(), command, T0)).message).toBe(
      'redtwo is already playing match #40; a player can play only one match at a time.',
    );
    const viewer = { userId: CHALLENGER_CAPTAIN.userId, isAdmin: false };
    const known = { ...readyCheck(), elsewhere: busy(12, 'redtwo', 40).elsewhere };
    expect(canSetReady(known, viewer, T0)).toBe(false);
    expect(canSetReady(readyCheck(), viewer, T0)).toBe(true);
    // The other side's busy player does not stop this side from readying; the start then waits.
    const opponentBusy = { ...command, availability: busy(22, 'bluetwo', 40) };
    expect(expectOk(decide(readyCheck(), opponentBusy, T0)).match.challenger.ready).toBe(true);
    // Setting not ready is always possible.
    const ready = readyCheck({ challenger: { ...makeMatch().challenger, ready: true } });
    const unready = { ...command, ready: false };
    expect(expectOk(decide(ready, unready, T0)).match.challenger.ready).toBe(false);
  });

  it('the accept flag follows the same rule', () => {
    const viewer = { userId: OPPONENT_CAPTAIN.userId, isAdmin: false };
    expect(canAcceptChallenge(makeMatch(), viewer, T0)).toBe(true);
    const known = { ...makeMatch(), elsewhere: busy(11, 'redcap', 3).elsewhere };
    expect(canAcceptChallenge(known, viewer, T0)).toBe(false);
  });

  it('a substitute or a lineup change may not bring in a player who plays elsewhere once the match holds the side', () => {
    const live = makeMatch({ statusId: STATUS.inProgress });
    const sub: MatchCommand = {
      type: 'sub.add',
      actor: CHALLENGER_CAPTAIN,
      userId: 13,
      replacesUserId: 12,
      candidates: [{ userId: 13, username: 'redthree', rating: 1 }],
      availability: busy(13, 'redthree', 99),
    };
    expect(expectRefused(decide(live, sub, T0)).message).toBe(
      'redthree is already playing match #99; a player can play only one match at a time.',
    );
    // Before the match holds anyone (a waiting challenge) the sub is taken: the start checks again.
    expect(expectOk(decide(makeMatch(), sub, T0)).match.players.map((p) => p.userId)).toContain(13);

    const roster = [
      { userId: 11, username: 'redcap', rating: 1 },
      { userId: 13, username: 'redthree', rating: 1 },
    ];
    const lineup: MatchCommand = {
      type: 'lineup.set',
      actor: CHALLENGER_CAPTAIN,
      userIds: [11, 13],
      roster,
      availability: { ...busy(13, 'redthree', 99), rosterSizes: { challenger: 2, opponent: 2 } },
    };
    const readySide = readyCheck({ challenger: { ...makeMatch().challenger, ready: true } });
    expect(expectRefused(decide(readySide, lineup, T0)).message).toContain('match #99');
    expect(expectOk(decide(readyCheck(), lineup, T0)).match.players.map((p) => p.userId)).toContain(13);
  });

  it('a match holds a side from its ready check once the side is ready, through the score entry', () => {
    const cases: [number, boolean, boolean][] = [
      [1, false, false],
      [3, false, false],
      [9, false, false],
      [9, true, true],
      [10, false, true],
      [11, false, true],
      [2, false, true],
      [4, false, true],
      [8, false, true],
      [6, false, false],
      [5, false, false],
      [7, false, false],
    ];
    for (const [statusId, ready, holds] of cases) {
      const match = makeMatch({
        statusId: statusId as MatchState['statusId'],
        challenger: { ...makeMatch().challenger, ready },
      });
      expect(holdsPlayers(match, 1), `status ${String(statusId)}`).toBe(holds);
    }
  });

  it('the facts the server passes are never part of the stored state', () => {
    const command = {
      type: 'ready.set',
      actor: CHALLENGER_CAPTAIN,
      ready: true,
      availability: free(),
    } as const;
    const { match } = expectOk(decide(readyCheck(), command, T0));
    expect('elsewhere' in match).toBe(false);
  });
});
