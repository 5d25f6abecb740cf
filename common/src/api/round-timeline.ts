// The round timeline of a match (Match Overview, "Rounds"): per played map, each round's winner, how it ended,
// the score after it and the kills of each player in it, read from the match's stored game server log.
import { z } from 'zod';
import { ROUND_ENDINGS } from '../stats/round-endings.ts';
import { dataOf, idParam, isoDateTime } from './primitives.ts';

export const roundTimelineParams = z.object({ matchId: idParam('Match') });

export const timelinePlayerSchema = z
  .object({
    /** The account, or null for a log player no account matched (shown by in-game name). */
    userId: z.number().nullable(),
    /** The account's username, else the in-game name. */
    username: z.string(),
    /** 1 = challenger, 2 = opponent, null when the player could not be placed. */
    side: z.union([z.literal(1), z.literal(2)]).nullable(),
  })
  .meta({ id: 'TimelinePlayer' });

export const timelineRoundSchema = z
  .object({
    /** The round number the server logged (1-based). */
    round: z.number(),
    /** 'first' = challenger, 'second' = opponent, 'tie', or null when the winning game team is unknown. */
    winner: z.enum(['first', 'second', 'tie']).nullable(),
    ending: z.enum(ROUND_ENDINGS),
    /** Rounds won by the challenger and the opponent after this round. */
    firstScore: z.number(),
    secondScore: z.number(),
    /** Enemy kills in this round, by index into the map's `players` (same length). */
    kills: z.array(z.number()),
  })
  .meta({ id: 'TimelineRound' });

export const timelineRestoreSchema = z
  .object({
    reason: z.enum(['crash', 'moved', 'admin']),
    /** The map went on after this many completed rounds (the round in progress was replayed). */
    afterRound: z.number(),
    firstScore: z.number(),
    secondScore: z.number(),
    at: isoDateTime,
  })
  .meta({ id: 'TimelineRestore' });

export const timelineMapSchema = z
  .object({
    /** The map's id (`maps.id`), as in the scoreboard's `mapsPlayed`. */
    id: z.number(),
    name: z.string(),
    /** Players of the map: challenger side first, then the opponent's, then unplaced; by name. */
    players: z.array(timelinePlayerSchema),
    rounds: z.array(timelineRoundSchema),
    /** Restores of this map at its score, oldest first. */
    restores: z.array(timelineRestoreSchema),
  })
  .meta({ id: 'TimelineMap' });

/** `GET /api/v1/match-detail/rounds/{matchId}` */
export const roundTimelineSchema = z
  .object({
    teamNames: z.object({ first: z.string(), second: z.string() }),
    /** Maps of the match the log has rounds for, in play order. */
    maps: z.array(timelineMapSchema),
  })
  .meta({ id: 'RoundTimeline' });
export type RoundTimeline = z.infer<typeof roundTimelineSchema>;
export type TimelineMap = z.infer<typeof timelineMapSchema>;

export const roundTimelineAnswer = dataOf(roundTimelineSchema);
