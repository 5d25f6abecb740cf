import { describe, expect, it } from 'vitest';
import { makeVetoMap, makeVetoMatch } from '@/testing/match-factories';
import { isMapGreyed, mapBadge, ordinal } from './map-badge';
import { STATUS } from '@versus/common/match/statuses';

// A finished BO3 veto: NWV ban, RDG ban, NWV pick, RDG pick, system ban (timeout), RDG ban, decider.
const maps = [
  makeVetoMap(0, { removedByTeamId: 12, removedByTeamName: 'Northern Wolves', mapIndex: 1 }),
  makeVetoMap(1, { removedByTeamId: 11, removedByTeamName: 'Red Dragons', mapIndex: 2 }),
  makeVetoMap(2, { pickedByTeamId: 12, pickedByTeamName: 'Northern Wolves', mapOrder: 1, mapIndex: 3 }),
  makeVetoMap(3, { pickedByTeamId: 11, pickedByTeamName: 'Red Dragons', mapOrder: 2, mapIndex: 4 }),
  makeVetoMap(4, { removedByTeamId: -1, removedByTeamName: 'System', mapIndex: 5 }),
  makeVetoMap(5, { removedByTeamId: 11, removedByTeamName: 'Red Dragons', mapIndex: 6 }),
  makeVetoMap(6, { deciderMap: true, mapOrder: 3, mapIndex: 7 }),
];
const match = makeVetoMatch({
  id: 42,
  statusId: STATUS.inProgress,
  maps,
  timeRemaining: null,
  vetoDetail: null,
});
const badges = (threshold: number, m = match) => m.maps.map((map) => mapBadge(m, map, threshold));

describe('mapBadge', () => {
  it('uses ordinals, team and captain from the newMatchHandling threshold on', () => {
    expect(badges(42)).toEqual([
      '1st ban by Northern Wolves (player6)',
      '2nd ban by Red Dragons (player1)',
      '1st map, picked by Northern Wolves (player6)',
      '2nd map, picked by Red Dragons (player1)',
      '3rd ban by System',
      '4th ban by Red Dragons (player1)',
      '3rd map, decider',
    ]);
  });

  it('says why the system chose at a timeout: the team preferences, or the system', () => {
    const auto = makeVetoMatch({
      ...match,
      maps: [
        { ...maps[0]!, autoReason: 'preferences' },
        maps[1]!,
        { ...maps[2]!, autoReason: 'preferences' },
        { ...maps[3]!, autoReason: 'system' },
        { ...maps[4]!, autoReason: 'system' },
        maps[5]!,
        maps[6]!,
      ],
    });
    expect(badges(42, auto).slice(0, 5)).toEqual([
      '1st ban by Northern Wolves: auto-ban from team preferences',
      '2nd ban by Red Dragons (player1)',
      '1st map, picked by Northern Wolves: auto-pick from team preferences',
      '2nd map, picked by Red Dragons: by the system',
      '3rd ban by System',
    ]);
  });

  it('uses the #index wording with the team only below it', () => {
    expect(badges(43)).toEqual([
      '#1 banned by Northern Wolves',
      '#2 banned by Red Dragons',
      '#3 picked by Northern Wolves',
      '#4 picked by Red Dragons',
      '#5 banned by System',
      '#6 banned by Red Dragons',
      '#7 decider',
    ]);
  });

  it('shows no badge on a map still in play, and none at all in status 10', () => {
    const veto = makeVetoMatch();
    expect(badges(1, veto).every((b) => b === null)).toBe(true);
    expect(badges(1, { ...match, statusId: STATUS.playerSelect }).every((b) => b === null)).toBe(true);
  });

  it('greys taken maps, and every map in status 10', () => {
    const live = makeVetoMatch({ maps: [maps[0]!, makeVetoMap(1)] });
    expect(live.maps.map((m) => isMapGreyed(live, m))).toEqual([true, false]);
    expect(live.maps.map((m) => isMapGreyed({ ...live, statusId: STATUS.playerSelect }, m))).toEqual([
      true,
      true,
    ]);
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
  ])('%i → %s', (n, text) => expect(ordinal(n)).toBe(text));
});
