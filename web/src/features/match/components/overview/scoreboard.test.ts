import type { PlayerStatsView, StatisticsPlayerView } from '@versus/common/stats/statistics';
import { describe, expect, it } from 'vitest';
import { scoreboardColumns, scoreboardRows, statText } from './scoreboard';

const stats = (fps: number | null): PlayerStatsView => ({
  fps_rating: fps,
  kd_ratio: 1,
  total_score: 10,
  total_kills: 5,
  total_deaths: 5,
  total_assists: 1,
  total_damage_done: 500,
  total_plants: 0,
  total_defuses: 0,
});

const player = (username: string, total: number | null, map: number | null): StatisticsPlayerView => ({
  userId: 1,
  username,
  flag: null,
  inGameName: null,
  stats: stats(total),
  maps: map === null ? {} : { '7': stats(map) },
});

describe('scoreboard', () => {
  it('shows FPS Rating and Damage only for cod4', () => {
    expect(scoreboardColumns('cod4').map((c) => c.label)).toEqual([
      'FPS Rating',
      'K/D',
      'Score',
      'Kills',
      'Deaths',
      'Assists',
      'Damage',
      'Plants',
      'Defuses',
    ]);
    expect(scoreboardColumns('cod2').map((c) => c.label)).toEqual([
      'K/D',
      'Score',
      'Kills',
      'Deaths',
      'Assists',
      'Plants',
      'Defuses',
    ]);
  });

  it('sorts by fps_rating, best first and missing last, for the total and per map', () => {
    const players = [player('a', 1.2, null), player('b', null, 3), player('c', 2.5, 1)];
    expect(scoreboardRows(players, 0).map((r) => r.player.username)).toEqual(['c', 'a', 'b']);
    const map = scoreboardRows(players, 7);
    expect(map.map((r) => r.player.username)).toEqual(['b', 'c', 'a']);
    expect(map[2]?.stats).toBeNull();
  });

  it('writes a dash for missing values and two decimals for ratios', () => {
    expect(statText('total_kills', null)).toBe('-');
    expect(statText('total_kills', undefined)).toBe('-');
    expect(statText('kd_ratio', 1.5)).toBe('1.50');
    expect(statText('total_kills', 12)).toBe('12');
  });
});
