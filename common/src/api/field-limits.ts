// Lengths the API's forms share with their schemas (zod-free, so the web app may import them at run time
// for `maxLength`): one number, checked by the server and offered by the form.

/** A username: 3 to 20 letters, numbers, dashes and underscores. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

/** A team name (3 to 50 characters) and its tag (up to 10). */
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 50;
export const TEAM_TAG_MAX = 10;

/** A password: 8 to 200 characters (registration, a change in settings, a reset by mail). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
