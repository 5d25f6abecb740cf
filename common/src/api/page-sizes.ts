// Page sizes of the lists the header panels page through (zod-free, so the web app may import them at run
// time). The notification panel's live updates depend on the page size: see the web's insertNotification.

/** Rows per page of `GET /api/v1/notification`; also the spec's prepend limit for live notifications. */
export const NOTIFICATIONS_PER_PAGE = 15;

/** Rows per page of `GET /api/v1/match/user-active-matches`. */
export const ACTIVE_MATCHES_PER_PAGE = 10;

/** Rows per page of `GET /api/v1/teams` (the `/teams` page's list of every team). */
export const TEAMS_PER_PAGE = 20;
