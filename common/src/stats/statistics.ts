// The answer of `GET /api/v1/match-detail/statistics/{matchId}` (spec section 3, "Match statistics"), shared
// by the server (which builds it) and the web scoreboard (which reads it).

/**
 * One player's numbers, for the whole match or one map. `null` means "not measured" (a match player who
 * never appeared in the log); the scoreboard shows a dash. `fps_rating` and `kd_ratio` have two decimals.
 */
export interface PlayerStatsView {
  fps_rating: number | null;
  kd_ratio: number | null;
  total_score: number | null;
  total_kills: number | null;
  total_deaths: number | null;
  total_assists: number | null;
  total_damage_done: number | null;
  total_plants: number | null;
  total_defuses: number | null;
}

export interface StatisticsPlayerView {
  /** The account, or null for a log player no account could be matched to (shown by in-game name). */
  userId: number | null;
  /** The account's username, else the in-game name. */
  username: string;
  /** ISO country code (lower case) of the account, or null. */
  flag: string | null;
  /** The last in-game name the log knew for this player, or null. */
  inGameName: string | null;
  stats: PlayerStatsView;
  /** Per played map, keyed by the map's id (`mapsPlayed[].id`); a map the player did not play is absent. */
  maps: Record<string, PlayerStatsView>;
}

export interface StatisticsTeamView {
  name: string;
  /** Maps won in the series (the approved or entered score, else the score read from the log); null if unknown. */
  fullScore: number | null;
  /** Sorted by fps_rating, best first (players without a rating last). */
  players: StatisticsPlayerView[];
}

export interface MapPlayedView {
  /** The map's id (`maps.id`), the key of each player's `maps`. */
  id: number;
  name: string;
  image: string | null;
  /** Rounds won by the challenger (first) and opponent (second) side on this map, or null when unknown. */
  firstScore: number | null;
  secondScore: number | null;
}

export interface MatchStatisticsView {
  teams: { firstTeam: StatisticsTeamView; secondTeam: StatisticsTeamView };
  /** The game's slug; only `cod4` shows the FPS rating and damage columns. */
  gameSlug: string;
  /** Played maps in play order. */
  mapsPlayed: MapPlayedView[];
}

/** Body of the statistics endpoint: `{data: MatchStatisticsView}`. */
export interface MatchStatisticsResponse {
  data: MatchStatisticsView;
}

/** The game slug for which the FPS rating and damage columns are shown (spec section 9). */
export const GAME_WITH_FPS_RATING = 'cod4';
