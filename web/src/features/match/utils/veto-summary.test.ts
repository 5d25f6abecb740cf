import { describe, expect, it } from 'vitest';
import { makeVetoMap, makeVetoMatch } from '@/testing/match-factories';
import { vetoSummary } from './veto-summary';
import { STATUS } from '@versus/common/match/statuses';

const ended = (statusId: 2 | 4 | 7) =>
  makeVetoMatch({
    statusId,
    maps: [
      makeVetoMap(0, { removedByTeamId: 12, removedByTeamName: 'Northern Wolves', mapIndex: 1 }),
      makeVetoMap(1, { pickedByTeamId: 12, pickedByTeamName: 'Northern Wolves', mapOrder: 1, mapIndex: 3 }),
      makeVetoMap(2, { pickedByTeamId: 11, pickedByTeamName: 'Red Dragons', mapOrder: 2, mapIndex: 4 }),
      makeVetoMap(6, { deciderMap: true, mapOrder: 3, mapIndex: 7 }),
      makeVetoMap(3, { removedByTeamId: 11, removedByTeamName: 'Red Dragons', mapIndex: 2 }),
    ],
  });

describe('vetoSummary', () => {
  it('lists the maps to play in order by display name once the veto ended', () => {
    expect(vetoSummary(ended(4))).toBe('Map 1 Crossfire · Map 2 District · Decider Overgrown');
  });

  it('says nothing while the veto runs or when it was cut short', () => {
    expect(vetoSummary(ended(2))).toBeNull();
    const cut = makeVetoMatch({
      statusId: STATUS.cancelled,
      maps: [makeVetoMap(0, { removedByTeamId: 12, mapIndex: 1 }), makeVetoMap(1)],
    });
    expect(vetoSummary(cut)).toBeNull();
  });

  it('reads "Map {name}" for a best-of-one', () => {
    const bo1 = makeVetoMatch({
      statusId: STATUS.inProgress,
      maps: [
        makeVetoMap(0, { removedByTeamId: 12, mapIndex: 1 }),
        makeVetoMap(1, { deciderMap: true, mapOrder: 1 }),
      ],
    });
    expect(vetoSummary(bo1)).toBe('Map Crossfire');
  });
});
