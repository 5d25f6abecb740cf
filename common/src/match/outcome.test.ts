import { describe, expect, it } from 'vitest';
import { asCancelReason, matchOutcome } from './outcome.ts';
import type { OutcomeInput } from './outcome.ts';
import { STATUS } from './statuses.ts';

const base: OutcomeInput = {
  statusId: STATUS.finished,
  winnerSide: 1,
  forfeit: false,
  awardReason: null,
  cancelReason: null,
  cancelledBySide: null,
  names: { challenger: 'Alpha', opponent: 'Bravo' },
};

describe('matchOutcome', () => {
  it.each([
    ['a played win', {}, { kind: 'won', headline: 'Alpha won', detail: null, ratingsNote: null }],
    ['a played draw', { winnerSide: 0 }, { kind: 'draw', headline: 'Draw', detail: null, ratingsNote: null }],
    [
      'an awarded win',
      { winnerSide: 2, awardReason: 'Server crashed' },
      {
        kind: 'won',
        headline: 'Bravo won',
        detail: 'Result awarded by admin: Server crashed',
        ratingsNote: null,
      },
    ],
    [
      "an admin's walkover",
      { forfeit: true, awardReason: 'No show after 15 minutes' },
      {
        kind: 'walkover',
        headline: 'Walkover: Bravo did not show',
        detail: 'Result awarded by admin: No show after 15 minutes',
        ratingsNote: 'A walkover does not change ratings.',
      },
    ],
    [
      "a round window's forfeit rule",
      {
        forfeit: true,
        awardReason:
          'No start time was agreed before the round deadline: the team that left a proposal unanswered forfeits.',
      },
      {
        kind: 'walkover',
        headline: 'Walkover: Bravo did not answer a proposed time',
        detail:
          'No start time was agreed before the round deadline: the team that left a proposal unanswered forfeits.',
        ratingsNote: 'A walkover does not change ratings.',
      },
    ],
    [
      'a missed ready check',
      { forfeit: true, winnerSide: 2 },
      {
        kind: 'forfeit',
        headline: 'Walkover: Alpha did not ready up in time',
        detail: null,
        ratingsNote: 'A walkover does not change ratings.',
      },
    ],
    [
      'a declined challenge',
      { statusId: STATUS.cancelled, winnerSide: null, cancelReason: 'declined' },
      { headline: 'Declined by Bravo' },
    ],
    [
      "a captain's cancellation",
      { statusId: STATUS.cancelled, winnerSide: null, cancelReason: 'cancelled', cancelledBySide: 1 },
      { kind: 'cancelled', headline: 'Cancelled by Alpha' },
    ],
    [
      'nobody ready',
      { statusId: STATUS.cancelled, winnerSide: null, cancelReason: 'ready-timeout' },
      { headline: 'Cancelled: neither team readied up in time' },
    ],
    [
      'an admin',
      { statusId: STATUS.cancelled, winnerSide: null, cancelReason: 'admin' },
      { headline: 'Cancelled by an admin' },
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(matchOutcome({ ...base, ...input })).toMatchObject(expected);
  });

  it.each([4, 6, 8, 2] as const)('status %i has no outcome yet', (statusId) => {
    expect(matchOutcome({ ...base, statusId })).toBeNull();
  });

  it('reads only known cancel reasons', () => {
    expect(asCancelReason('declined')).toBe('declined');
    expect(asCancelReason('something-else')).toBeNull();
    expect(asCancelReason(null)).toBeNull();
  });
});
