// Leaderboards per game and season: players by rating, players by FPS rating (with a minimum of matches),
// teams by ladder standing; filtered by competition and country, paged. docs/statistics.md, "Leaderboards".
import { z } from 'zod';
import {
  FPS_LEADERBOARD_MIN_MATCHES,
  FPS_LEADERBOARD_MIN_MATCHES_FLOOR,
  LEADERBOARD_MAX_PER_PAGE,
  LEADERBOARD_PER_PAGE,
} from '../stats/leaderboards.ts';
import { dataOf } from './primitives.ts';
import { pageLinksSchema, pageMetaSchema } from './pagination.ts';

/** A whole number in `[min, max]` from a query string, with the field's 422 text. */
function wholeNumber(field: string, min: number, max: number) {
  const text = `The ${field} must be a whole number from ${String(min)} to ${String(max)}.`;
  return z
    .string({ error: text })
    .regex(/^\d{1,9}$/, { error: text })
    .transform(Number)
    .pipe(z.number().min(min, { error: text }).max(max, { error: text }));
}

const game = z
  .string({ error: 'The game must be a game slug.' })
  .min(1, { error: 'The game must be a game slug.' })
  .max(32, { error: 'The game must be a game slug.' })
  .optional()
  .meta({ description: "The game's slug (`cod4`); the first game when absent." });

const competitionText = 'The competition must be ladder:{slug}, tournament:{slug} or solo-queue:{slug}.';
const competition = z
  .string({ error: competitionText })
  .regex(/^(ladder|tournament|solo-queue):[^\s:]{1,100}$/, { error: competitionText })
  .optional()
  .meta({
    description: 'Only this competition: `ladder:{slug}`, `tournament:{slug}` or `solo-queue:{slug}`.',
  });

const season = wholeNumber('season', 1, 9999).optional().meta({
  description:
    "A season of the ladder named by `competition` (its number); the ladder's current one when absent.",
});

const countryText = 'The country must be a two-letter country code.';
const country = z
  .string({ error: countryText })
  .regex(/^[A-Za-z]{2}$/, { error: countryText })
  .transform((code) => code.toLowerCase())
  .optional()
  .meta({ description: 'Only players from this country (ISO 3166-1 alpha-2, as on their profile flag).' });

const paging = {
  page: wholeNumber('page', 1, 100000).default(1).meta({ description: 'Page number, from 1.' }),
  perPage: wholeNumber('per page', 1, LEADERBOARD_MAX_PER_PAGE)
    .default(LEADERBOARD_PER_PAGE)
    .meta({
      description: `Rows per page (${String(LEADERBOARD_PER_PAGE)} when absent, at most ${String(LEADERBOARD_MAX_PER_PAGE)}).`,
    }),
};

/** `GET /api/v1/leaderboards/players/rating` */
export const ratingLeaderboardQuery = z.object({ game, competition, season, country, ...paging });
export type RatingLeaderboardQuery = z.infer<typeof ratingLeaderboardQuery>;

/** `GET /api/v1/leaderboards/players/fps` */
export const fpsLeaderboardQuery = z.object({
  game,
  competition,
  season,
  country,
  minMatches: wholeNumber('min matches', FPS_LEADERBOARD_MIN_MATCHES_FLOOR, 1000)
    .default(FPS_LEADERBOARD_MIN_MATCHES)
    .meta({
      description: `Players with at least this many matches with statistics (${String(FPS_LEADERBOARD_MIN_MATCHES)} when absent, at least ${String(FPS_LEADERBOARD_MIN_MATCHES_FLOOR)}).`,
    }),
  ...paging,
});
export type FpsLeaderboardQuery = z.infer<typeof fpsLeaderboardQuery>;

/** `GET /api/v1/leaderboards/teams`: a ladder's standings (teams have no country). */
export const teamLeaderboardQuery = z.object({ game, competition, season, ...paging });
export type TeamLeaderboardQuery = z.infer<typeof teamLeaderboardQuery>;

const player = {
  /** Rows tied on the list's figure share a rank ("1, 2, 2, 4"); the tie-break orders them. */
  rank: z.number(),
  userId: z.number(),
  username: z.string(),
  /** Country code of the flag, lower case. */
  flag: z.string().nullable(),
};

export const ratingLeaderboardRowSchema = z
  .object({
    ...player,
    /** The player rating (solo-queue). */
    rating: z.number(),
    provisional: z.boolean(),
    /** Finished matches the player played in the list's matches (the game's solo-queue, or the competition). */
    matches: z.number(),
  })
  .meta({ id: 'RatingLeaderboardRow' });
export type RatingLeaderboardRow = z.infer<typeof ratingLeaderboardRowSchema>;

export const fpsLeaderboardRowSchema = z
  .object({
    ...player,
    /** The FPS rating of the summed counters, two decimals. */
    fpsRating: z.number(),
    /** Finished matches with statistics. */
    matches: z.number(),
    rounds: z.number(),
    kills: z.number(),
    deaths: z.number(),
    kdRatio: z.number(),
  })
  .meta({ id: 'FpsLeaderboardRow' });
export type FpsLeaderboardRow = z.infer<typeof fpsLeaderboardRowSchema>;

export const teamLeaderboardRowSchema = z
  .object({
    /** The standing's place, as on the ladder page. */
    rank: z.number(),
    teamId: z.number(),
    slug: z.string(),
    name: z.string(),
    tag: z.string(),
    /** The ladder rating (the standing), not the team rating. */
    rating: z.number(),
    wins: z.number(),
    losses: z.number(),
    draws: z.number(),
  })
  .meta({ id: 'TeamLeaderboardRow' });
export type TeamLeaderboardRow = z.infer<typeof teamLeaderboardRowSchema>;

const page = { meta: pageMetaSchema, links: pageLinksSchema };

export const ratingLeaderboardAnswer = z
  .object({ data: z.array(ratingLeaderboardRowSchema), ...page })
  .meta({ id: 'RatingLeaderboard', description: 'Players by player rating, best first.' });
export type RatingLeaderboard = z.infer<typeof ratingLeaderboardAnswer>;

export const fpsLeaderboardAnswer = z
  .object({ data: z.array(fpsLeaderboardRowSchema), minMatches: z.number(), ...page })
  .meta({
    id: 'FpsLeaderboard',
    description: 'Players by FPS rating, best first, with a minimum of matches.',
  });
export type FpsLeaderboard = z.infer<typeof fpsLeaderboardAnswer>;

export const teamLeaderboardAnswer = z
  .object({
    data: z.array(teamLeaderboardRowSchema),
    /** The ladder and season shown (null when the game has no ladder). */
    ladder: z.object({ slug: z.string(), name: z.string() }).nullable(),
    season: z.object({ number: z.number(), name: z.string(), closed: z.boolean() }).nullable(),
    ...page,
  })
  .meta({ id: 'TeamLeaderboard', description: "A ladder's standings in a season, best first." });
export type TeamLeaderboard = z.infer<typeof teamLeaderboardAnswer>;

const competitionOption = z.object({
  /** The `competition` parameter's value: `ladder:{slug}` … */
  key: z.string(),
  type: z.enum(['ladder', 'tournament', 'solo-queue']),
  name: z.string(),
  /** A ladder's seasons, newest first (empty for the others). */
  seasons: z.array(z.object({ number: z.number(), name: z.string() })),
});

/** `GET /api/v1/leaderboards`: what the filters offer. */
export const leaderboardOptionsAnswer = dataOf(
  z
    .object({
      games: z.array(
        z.object({ slug: z.string(), name: z.string(), competitions: z.array(competitionOption) }),
      ),
      /** Country codes players have, alphabetical. */
      countries: z.array(z.string()),
    })
    .meta({ id: 'LeaderboardOptions' }),
);
export type LeaderboardOptions = z.infer<typeof leaderboardOptionsAnswer>['data'];
