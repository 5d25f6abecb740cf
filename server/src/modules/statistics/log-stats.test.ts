import { describe, expect, it } from 'vitest';
import { summarizeLog, type LogMapStats, type LogPlayerStats } from './log-stats.ts';
import { CRASH_LOG, STRIKE_LOG } from './test-logs.ts';

function player(map: LogMapStats | undefined, name: string): LogPlayerStats {
  const found = map?.players.find((p) => p.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

describe('summarizeLog', () => {
  const [crash, strike] = summarizeLog([...CRASH_LOG, ...STRIKE_LOG]);

  it('finds the two maps and their round winners', () => {
    expect(crash?.mapName).toBe('mp_crash');
    expect(crash?.rounds.map((r) => r.winner)).toEqual(['allies', 'axis', 'allies']);
    expect(crash?.rounds[0]).toMatchObject({ allies: ['aaa', 'bbb'], axis: ['ccc', 'ddd'] });
    expect(strike?.mapName).toBe('mp_strike');
  });

  it('counts kills, headshots, damage caps, team kills and falls (mp_crash, by hand)', () => {
    expect(player(crash, 'Alpha')).toMatchObject({
      kills: 2,
      deaths: 1,
      assists: 0,
      damage: 160,
      headshots: 1,
      defuses: 1,
      teamKills: 1,
      suicides: 1,
      roundsPlayed: 3,
      roundsSurvived: 2,
      rounds1k: 0,
      rounds2k: 1,
      score: 15,
      kdRatio: 2,
    });
    expect(player(crash, 'Bravo')).toMatchObject({
      kills: 0,
      deaths: 2,
      assists: 1,
      damage: 40,
      roundsPlayed: 3,
      roundsSurvived: 1,
      score: 2,
      kdRatio: 0,
    });
    expect(player(crash, 'Charlie')).toMatchObject({
      kills: 1,
      deaths: 1,
      damage: 50,
      plants: 1,
      roundsSurvived: 2,
      rounds1k: 1,
      score: 10,
    });
  });

  it('keeps a player who reconnected mid-map as one player', () => {
    const deltas = crash?.players.filter((p) => p.guid === 'ddd') ?? [];
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ kills: 0, deaths: 1, assists: 1, damage: 80, roundsPlayed: 3 });
    expect(crash?.rounds[2]?.axis).toEqual(['ccc', 'ddd']);
  });

  it('discards the partial map before a restart and merges the level reload between rounds', () => {
    expect(strike?.rounds.map((r) => [r.round, r.winner])).toEqual([
      [1, 'axis'],
      [2, 'axis'],
    ]);
    expect(player(strike, 'Charlie')).toMatchObject({ kills: 1, deaths: 0, rounds1k: 1, roundsPlayed: 2 });
    expect(player(strike, 'Alpha')).toMatchObject({
      kills: 0,
      deaths: 1,
      roundsPlayed: 2,
      roundsSurvived: 1,
    });
    expect(player(strike, 'Delta')).toMatchObject({ kills: 1 });
  });

  it('rates players with the scaled HLTV formula', () => {
    // Alpha: kills 2/3 / 0.7, survival 2/3 / 0.3, multi-kills 4/3 / 1.3.
    const hltv = (2 / 3 / 0.7 + (0.7 * (2 / 3)) / 0.3 + 4 / 3 / 1.3) / 2.7;
    expect(player(crash, 'Alpha').fpsRating).toBeCloseTo(2.5 * hltv, 2);
  });

  it('ignores lines before the first InitGame', () => {
    expect(summarizeLog(['  0:01 K;ccc;2;axis;C;aaa;0;allies;A;m16_mp;100;MOD_RIFLE_BULLET;head'])).toEqual(
      [],
    );
  });
});
