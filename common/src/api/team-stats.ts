// A team's figures (team page): results, each roster member's figures for this team, map win rates and the
// head-to-head against one opponent, and its rating over time. docs/statistics.md, "Team figures".
import { z } from 'zod';
import { dataOf, isoDateTime } from './primitives.ts';
import { ratingPointSchema } from './ratings.ts';

/** `?vs={slug}`: the opponent of the head-to-head; absent or empty for none. */
export const teamStatsQuery = z.object({
  vs: z
    .string()
    .max(200, { error: 'The vs field must not be greater than 200 characters.' })
    .optional()
    .meta({ description: "The opponent team's slug for the head-to-head." }),
});

const record = {
  matches: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
};

export const teamMemberStatsSchema = z
  .object({
    userId: z.number(),
    username: z.string(),
    flag: z.string().nullable(),
    /** Finished matches the member played for this team that have statistics from the log. */
    matches: z.number(),
    kills: z.number(),
    deaths: z.number(),
    /** Kills per death (the kills when no death), two decimals; null without a match. */
    kdRatio: z.number().nullable(),
    /** The FPS rating over those matches (computed from the summed round counters); null without a round. */
    fpsRating: z.number().nullable(),
  })
  .meta({ id: 'TeamMemberStats' });

export const teamMapStatsSchema = z
  .object({
    mapId: z.number(),
    name: z.string(),
    /** Maps of finished matches with a score for both sides. */
    played: z.number(),
    won: z.number(),
    lost: z.number(),
    /** Won / played as a whole percentage; null when not played. */
    winRate: z.number().nullable(),
  })
  .meta({ id: 'TeamMapStats' });

export const headToHeadSchema = z
  .object({
    opponent: z.object({ slug: z.string(), name: z.string() }),
    ...record,
    mapsWon: z.number(),
    mapsLost: z.number(),
    /** The latest finished matches between the two, newest first (at most 10). */
    recent: z.array(
      z.object({
        matchId: z.number(),
        finishedAt: isoDateTime.nullable(),
        teamScore: z.number().nullable(),
        opponentScore: z.number().nullable(),
        result: z.enum(['win', 'loss', 'draw']),
      }),
    ),
  })
  .meta({ id: 'HeadToHead' });

/** `GET /api/v1/teams/{slug}/stats` */
export const teamStatsSchema = z
  .object({
    team: z.object({ slug: z.string(), name: z.string() }),
    /** Finished matches of the team (forfeits included). */
    ...record,
    /** Current roster members, best FPS rating first. */
    roster: z.array(teamMemberStatsSchema),
    /** Maps the team played, most played first. */
    maps: z.array(teamMapStatsSchema),
    /** Teams it has finished matches against (the head-to-head picker), by name. */
    opponents: z.array(z.object({ slug: z.string(), name: z.string() })),
    /** Null without `?vs=`. */
    headToHead: headToHeadSchema.nullable(),
    /**
     * The results-over-time chart: the team rating (not a ladder standing) after each of its changes, oldest
     * first; a match's result moves it, a reversal or an admin's change too.
     */
    ratingOverTime: z.array(ratingPointSchema),
  })
  .meta({ id: 'TeamStats' });
export type TeamStats = z.infer<typeof teamStatsSchema>;

export const teamStatsAnswer = dataOf(teamStatsSchema);
