// Leaderboard constants (zod-free, so the web app may import them at run time). docs/statistics.md,
// "Leaderboards".

/** Rows per page when `perPage` is absent, and the most a page may hold. */
export const LEADERBOARD_PER_PAGE = 25;
export const LEADERBOARD_MAX_PER_PAGE = 100;

/**
 * The FPS-rating list counts only players with at least this many finished matches with statistics
 * (`minMatches` when absent), and `minMatches` may not go below the floor: a rating over one or two
 * matches says little.
 */
export const FPS_LEADERBOARD_MIN_MATCHES = 10;
export const FPS_LEADERBOARD_MIN_MATCHES_FLOOR = 3;

/** The three lists. */
export const LEADERBOARD_LISTS = ['rating', 'fps', 'teams'] as const;
export type LeaderboardList = (typeof LEADERBOARD_LISTS)[number];
