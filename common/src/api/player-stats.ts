// A player's statistics over time (`GET /api/v1/users/{username}/stats`): career and recent-form figures
// from the stored game logs, the last results, per-map and per-competition tables and the ratings over time.
// Built by the server's player-stats presenter; the profile page draws it. Definitions: docs/statistics.md.
import { z } from 'zod';
import { matchTypeSchema } from './matches.ts';
import { dataOf, isoDateTime } from './primitives.ts';
import { ratingPointSchema } from './ratings.ts';

/** The figures of a set of finished matches (the career, or the last 20). */
export const playerFiguresSchema = z
  .object({
    /** Finished matches played (walkovers left out). */
    matches: z.number(),
    wins: z.number(),
    losses: z.number(),
    draws: z.number(),
    /** Wins per match in percent (one decimal); null without matches. */
    winRate: z.number().nullable(),
    /** Rounds played on maps the game server's log covers; the per-round figures divide by it. */
    rounds: z.number(),
    kills: z.number(),
    deaths: z.number(),
    /** Kills per death (two decimals; the kills when no death); null without a logged map. */
    kd: z.number().nullable(),
    killsPerRound: z.number().nullable(),
    damagePerRound: z.number().nullable(),
    /** Kills by a hit to the head or helmet, in percent of the kills (one decimal). */
    headshotRate: z.number().nullable(),
    /** The FPS rating of the summed counters (docs/statistics.md); null without a completed round. */
    fpsRating: z.number().nullable(),
    plants: z.number(),
    defuses: z.number(),
  })
  .meta({ id: 'PlayerFigures' });
export type PlayerFigures = z.infer<typeof playerFiguresSchema>;

/** One result of the form strip (newest first). */
export const formResultSchema = z.object({
  matchId: z.number(),
  url: z.string(),
  type: matchTypeSchema,
  date: isoDateTime,
  result: z.enum(['win', 'loss', 'draw']),
  opponentName: z.string().nullable(),
});
export type FormResult = z.infer<typeof formResultSchema>;

/** A row of the per-map or per-competition table. */
const recordFields = {
  /** Maps played (per-map table) or matches played (per-competition table). */
  played: z.number(),
  wins: z.number(),
  /** Wins in percent of `played` (one decimal). */
  winRate: z.number().nullable(),
  kd: z.number().nullable(),
  fpsRating: z.number().nullable(),
};

export const mapRecordSchema = z.object({ mapName: z.string(), nameCmd: z.string(), ...recordFields });
export type MapRecord = z.infer<typeof mapRecordSchema>;

export const competitionRecordSchema = z.object({
  type: matchTypeSchema,
  competitionId: z.number(),
  name: z.string(),
  ...recordFields,
});
export type CompetitionRecord = z.infer<typeof competitionRecordSchema>;

/**
 * One rating the player has or played under: `player` is their own solo-queue rating, `team` the rating of a
 * team they played for (its changes in the matches they played for it).
 */
export const ratingSeriesSchema = z.object({
  kind: z.enum(['player', 'team']),
  label: z.string(),
  /** The team's page, for `team`. */
  teamSlug: z.string().nullable(),
  current: z.number(),
  points: z.array(ratingPointSchema),
});
export type RatingSeries = z.infer<typeof ratingSeriesSchema>;

export const playerStatsSchema = z
  .object({
    username: z.string(),
    career: playerFiguresSchema,
    /** The same figures over the last 20 finished matches. */
    recent: playerFiguresSchema,
    /** The last 20 results, newest first. */
    form: z.array(formResultSchema),
    /** Maps played, most played first. */
    maps: z.array(mapRecordSchema),
    competitions: z.array(competitionRecordSchema),
    /** The player's own rating first, then each team's; points oldest first. */
    ratings: z.array(ratingSeriesSchema),
  })
  .meta({ id: 'PlayerStatistics' });
export type PlayerStats = z.infer<typeof playerStatsSchema>;
export const playerStatsAnswer = dataOf(playerStatsSchema);
