// Shapes the statistics answer (spec "Match statistics"; the type lives in common/src/stats).
import type {
  MapPlayedView,
  MatchStatisticsView,
  PlayerStatsView,
  StatisticsPlayerView,
  StatisticsTeamView,
} from '@versus/common/stats/statistics';
import type { PlayerMapStatsRow } from '../../db/schema/index.ts';
import { fpsRating, kdRatio } from './fps-rating.ts';
import { emptyCounters, scoreOf, type PlayerCounters } from './log-stats.ts';

export interface StatisticsInput {
  gameSlug: string;
  teamNames: { first: string; second: string };
  seriesScore: { first: number | null; second: number | null };
  /** The match's maps in play order (unplayed ones included; shown only when they have scores or stats). */
  maps: {
    matchMapId: number;
    mapId: number;
    name: string;
    image: string | null;
    firstScore: number | null;
    secondScore: number | null;
  }[];
  roster: {
    userId: number;
    side: number;
    username: string;
    flag: string | null;
    inGameName: string | null;
  }[];
  stats: PlayerMapStatsRow[];
}

const EMPTY_STATS: PlayerStatsView = {
  fps_rating: null,
  kd_ratio: null,
  total_score: null,
  total_kills: null,
  total_deaths: null,
  total_assists: null,
  total_damage_done: null,
  total_plants: null,
  total_defuses: null,
};

function add(into: PlayerCounters, row: PlayerMapStatsRow): void {
  into.kills += row.kills;
  into.deaths += row.deaths;
  into.assists += row.assists;
  into.damage += row.damage;
  into.headshots += row.headshots;
  into.plants += row.plants;
  into.defuses += row.defuses;
  into.roundsPlayed += row.roundsPlayed;
  into.roundsSurvived += row.roundsSurvived;
  into.rounds1k += row.rounds1k;
  into.rounds2k += row.rounds2k;
  into.rounds3k += row.rounds3k;
  into.rounds4k += row.rounds4k;
  into.rounds5k += row.rounds5k;
}

function view(c: PlayerCounters): PlayerStatsView {
  return {
    fps_rating: fpsRating(c),
    kd_ratio: kdRatio(c.kills, c.deaths),
    total_score: scoreOf(c),
    total_kills: c.kills,
    total_deaths: c.deaths,
    total_assists: c.assists,
    total_damage_done: c.damage,
    total_plants: c.plants,
    total_defuses: c.defuses,
  };
}

interface Entry {
  userId: number | null;
  side: number | null;
  username: string;
  flag: string | null;
  inGameName: string | null;
  total: PlayerCounters | null;
  maps: Map<number, PlayerCounters>;
}

function byRating(a: StatisticsPlayerView, b: StatisticsPlayerView): number {
  const ra = a.stats.fps_rating ?? -Infinity;
  const rb = b.stats.fps_rating ?? -Infinity;
  return rb - ra || a.username.localeCompare(b.username);
}

/** Builds `{teams, gameSlug, mapsPlayed}`: roster players with totals and per-map stats, plus log players no account matched. */
export function presentStatistics(input: StatisticsInput): MatchStatisticsView {
  const entries = new Map<string, Entry>();
  for (const r of input.roster) {
    if (r.side !== 1 && r.side !== 2) continue;
    entries.set(`u${r.userId}`, { ...r, total: null, maps: new Map() });
  }
  for (const row of input.stats) {
    const key = row.userId !== null ? `u${row.userId}` : `g${row.guid}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = {
        userId: null,
        side: row.side,
        username: row.inGameName,
        flag: null,
        inGameName: row.inGameName,
        total: null,
        maps: new Map(),
      };
      entries.set(key, entry);
    }
    entry.inGameName = row.inGameName;
    entry.side ??= row.side;
    entry.total ??= emptyCounters();
    add(entry.total, row);
    const perMap = entry.maps.get(row.mapId) ?? emptyCounters();
    add(perMap, row);
    entry.maps.set(row.mapId, perMap);
  }

  const withStats = new Set(input.stats.map((s) => s.mapId));
  const mapsPlayed: MapPlayedView[] = input.maps
    .filter((m) => withStats.has(m.mapId) || (m.firstScore !== null && m.secondScore !== null))
    .map((m) => ({
      id: m.mapId,
      name: m.name,
      image: m.image,
      firstScore: m.firstScore,
      secondScore: m.secondScore,
    }));

  const team = (side: 1 | 2): StatisticsTeamView => {
    const players = [...entries.values()]
      .filter((e) => e.side === side)
      .map((e): StatisticsPlayerView => ({
        userId: e.userId,
        username: e.username,
        flag: e.flag,
        inGameName: e.inGameName,
        stats: e.total ? view(e.total) : EMPTY_STATS,
        maps: Object.fromEntries([...e.maps].map(([mapId, c]) => [String(mapId), view(c)])),
      }))
      .sort(byRating);
    const own = side === 1 ? input.seriesScore.first : input.seriesScore.second;
    return { name: side === 1 ? input.teamNames.first : input.teamNames.second, fullScore: own, players };
  };
  return { teams: { firstTeam: team(1), secondTeam: team(2) }, gameSlug: input.gameSlug, mapsPlayed };
}

/**
 * The series score in maps won: the entered/approved match score when there is one, else counted from the
 * map scores (entered, else read from the log) when every played map has one.
 */
export function seriesScore(
  entered: { first: number | null; second: number | null },
  maps: readonly { firstScore: number | null; secondScore: number | null }[],
): { first: number | null; second: number | null } {
  if (entered.first !== null && entered.second !== null) return entered;
  if (maps.length === 0 || maps.some((m) => m.firstScore === null || m.secondScore === null)) {
    return { first: null, second: null };
  }
  let first = 0;
  let second = 0;
  for (const m of maps) {
    if ((m.firstScore ?? 0) > (m.secondScore ?? 0)) first++;
    else if ((m.secondScore ?? 0) > (m.firstScore ?? 0)) second++;
  }
  return { first, second };
}
