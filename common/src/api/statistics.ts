// Match statistics (the Match Overview scoreboard) and the game server's log batches that feed them.
import { z } from 'zod';
import { dataOf, idParam } from './primitives.ts';

export const statisticsMatchParams = z.object({ matchId: idParam('Match') });

/**
 * One player's numbers, for the whole match or one map. `null` means "not measured" (a match player who
 * never appeared in the log); the scoreboard shows a dash. `fps_rating` and `kd_ratio` have two decimals.
 */
export const playerStatsSchema = z
  .object({
    fps_rating: z.number().nullable(),
    kd_ratio: z.number().nullable(),
    total_score: z.number().nullable(),
    total_kills: z.number().nullable(),
    total_deaths: z.number().nullable(),
    total_assists: z.number().nullable(),
    total_damage_done: z.number().nullable(),
    total_plants: z.number().nullable(),
    total_defuses: z.number().nullable(),
  })
  .meta({ id: 'PlayerStats' });

export const statisticsPlayerSchema = z
  .object({
    /** The account, or null for a log player no account could be matched to (shown by in-game name). */
    userId: z.number().nullable(),
    /** The account's username, else the in-game name. */
    username: z.string(),
    /** ISO country code (lower case) of the account, or null. */
    flag: z.string().nullable(),
    /** The last in-game name the log knew for this player, or null. */
    inGameName: z.string().nullable(),
    stats: playerStatsSchema,
    /** Per played map, keyed by the map's id (`mapsPlayed[].id`); a map the player did not play is absent. */
    maps: z.record(z.string(), playerStatsSchema),
  })
  .meta({ id: 'StatisticsPlayer' });

export const statisticsTeamSchema = z
  .object({
    name: z.string(),
    /** Maps won in the series (the approved or entered score, else the log's); null if unknown. */
    fullScore: z.number().nullable(),
    /** Sorted by fps_rating, best first (players without a rating last). */
    players: z.array(statisticsPlayerSchema),
  })
  .meta({ id: 'StatisticsTeam' });

export const mapPlayedSchema = z
  .object({
    /** The map's id (`maps.id`), the key of each player's `maps`. */
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    /** Rounds won by the challenger (first) and opponent (second) side on this map, or null when unknown. */
    firstScore: z.number().nullable(),
    secondScore: z.number().nullable(),
  })
  .meta({ id: 'MapPlayed' });

/** `GET /api/v1/match-detail/statistics/{matchId}` */
export const matchStatisticsSchema = z
  .object({
    teams: z.object({ firstTeam: statisticsTeamSchema, secondTeam: statisticsTeamSchema }),
    /** The game's slug; only `cod4` shows the FPS rating and damage columns. */
    gameSlug: z.string(),
    /** Played maps in play order. */
    mapsPlayed: z.array(mapPlayedSchema),
  })
  .meta({ id: 'MatchStatistics' });

export const matchStatisticsAnswer = dataOf(matchStatisticsSchema);

/** Lines a log batch may carry. */
export const LOG_BATCH_MAX_LINES = 20_000;

/** `POST /api/v1/game-server-log/{matchId}` as JSON (the raw log text with `X-Batch-Id` works too). */
export const logBatchJsonBody = z.object({
  batchId: z
    .string({ error: 'The batch id field must be a string.' })
    .min(1, { error: 'The batch id field is required.' })
    .max(128, { error: 'The batch id field must not be greater than 128 characters.' })
    .optional(),
  lines: z
    .array(z.string().max(4096, { error: 'A log line must not be greater than 4096 characters.' }), {
      error: 'The lines field must be a list of log lines.',
    })
    .max(LOG_BATCH_MAX_LINES, {
      error: `A batch must not have more than ${String(LOG_BATCH_MAX_LINES)} lines.`,
    }),
});

/** The body: `{batchId, lines}` (JSON), or the raw log text (`text/plain`) with the batch id in `X-Batch-Id`. */
export const logBatchBody = z.union([
  logBatchJsonBody,
  z.string().meta({ description: 'The raw log text (text/plain); the batch id in the X-Batch-Id header.' }),
]);

export const logBatchResultSchema = z
  .object({
    batchId: z.string(),
    /** False when this batch had been received before (nothing changed). */
    accepted: z.boolean(),
    lines: z.number(),
    /** Maps of the match the log has statistics for (server map names). */
    maps: z.array(z.string()),
  })
  .meta({ id: 'LogBatchResult' });
export const logBatchAnswer = dataOf(logBatchResultSchema);
