// The Match Overview's table rules (docs/statistics.md): which columns a game shows, the rows of one
// map (or the total, id 0) sorted by fps_rating, and how a missing value reads.
import {
  GAME_WITH_FPS_RATING,
  type PlayerStatsView,
  type StatisticsPlayerView,
} from '@versus/common/stats/statistics';

/** The map strip's total entry. */
export const TOTAL_MAP_ID = 0;

export interface ScoreboardColumn {
  key: keyof PlayerStatsView;
  label: string;
}

const FPS: ScoreboardColumn = { key: 'fps_rating', label: 'FPS Rating' };
const DAMAGE: ScoreboardColumn = { key: 'total_damage_done', label: 'Damage' };

/** The number columns after Username; FPS Rating and Damage only for cod4. */
export function scoreboardColumns(gameSlug: string): ScoreboardColumn[] {
  const cod4 = gameSlug === GAME_WITH_FPS_RATING;
  return [
    ...(cod4 ? [FPS] : []),
    { key: 'kd_ratio', label: 'K/D' },
    { key: 'total_score', label: 'Score' },
    { key: 'total_kills', label: 'Kills' },
    { key: 'total_deaths', label: 'Deaths' },
    { key: 'total_assists', label: 'Assists' },
    ...(cod4 ? [DAMAGE] : []),
    { key: 'total_plants', label: 'Plants' },
    { key: 'total_defuses', label: 'Defuses' },
  ];
}

export interface ScoreboardRow {
  player: StatisticsPlayerView;
  /** Null when the player did not play the map. */
  stats: PlayerStatsView | null;
}

/** The rows for `mapId` (the total for 0), best fps_rating first, players without one last. */
export function scoreboardRows(players: readonly StatisticsPlayerView[], mapId: number): ScoreboardRow[] {
  const rows = players.map((player) => ({
    player,
    stats: mapId === TOTAL_MAP_ID ? player.stats : (player.maps[String(mapId)] ?? null),
  }));
  const rating = (r: ScoreboardRow) => r.stats?.fps_rating ?? Number.NEGATIVE_INFINITY;
  return rows.sort((a, b) => rating(b) - rating(a));
}

/** A cell's text: a dash for a missing value, two decimals for the ratios. */
export function statText(key: keyof PlayerStatsView, value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return key === 'fps_rating' || key === 'kd_ratio' ? value.toFixed(2) : String(value);
}
