// The answer of `GET /api/v1/match-detail/statistics/{matchId}` (the match room's Match Overview), shared by
// the server (which builds it) and the web scoreboard (which reads it): the inferred types of the schemas in
// `@versus/common/api/statistics` (type-only imports, so no zod reaches the browser).
import type { z } from 'zod';
import type {
  mapPlayedSchema,
  matchStatisticsAnswer,
  matchStatisticsSchema,
  playerStatsSchema,
  statisticsPlayerSchema,
  statisticsTeamSchema,
} from '../api/statistics.ts';

/** One player's numbers, for the whole match or one map (`null`: not measured; the scoreboard shows a dash). */
export type PlayerStatsView = z.infer<typeof playerStatsSchema>;
export type StatisticsPlayerView = z.infer<typeof statisticsPlayerSchema>;
export type StatisticsTeamView = z.infer<typeof statisticsTeamSchema>;
export type MapPlayedView = z.infer<typeof mapPlayedSchema>;
export type MatchStatisticsView = z.infer<typeof matchStatisticsSchema>;

/** Body of the statistics endpoint: `{data: MatchStatisticsView}`. */
export type MatchStatisticsResponse = z.infer<typeof matchStatisticsAnswer>;

/** The game slug for which the FPS rating and damage columns are shown (docs/statistics.md). */
export const GAME_WITH_FPS_RATING = 'cod4';
