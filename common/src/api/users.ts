// Players: the signed-in user as the API shows them to themselves, public profiles, and the own settings
// (flag and config link, password, avatar).
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './field-limits.ts';
import { historyMatchSchema } from './match-history.ts';
import { dataOf, isoDateTime, messageAnswer, slugParam, stringField } from './primitives.ts';

/** The signed-in user as the API shows them to that user (`GET /api/v1/auth/me` and the settings answers). */
export const currentUserSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    username: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    /** ISO 3166-1 alpha-2, lower case. */
    flag: z.string().nullable(),
    color: z.string().nullable(),
    backgroundColor: z.string().nullable(),
    /** Sanitized HTML, coloured by the user's name and background colours. */
    formattedUsername: z.string(),
    className: z.string().nullable(),
    /** Sanitized HTML, or null when the user has no class. */
    formattedClassName: z.string().nullable(),
    role: z.enum(['player', 'admin']),
    /** Solo-queue rating. */
    elo: z.number(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;
export const currentUserAnswer = dataOf(currentUserSchema);

export const usernameParams = z.object({ username: slugParam('User') });

/** One solo-queue rating change. */
export const ratingChangeSchema = z.object({
  matchId: z.number().nullable(),
  /** `match`, `reversal` or `admin`. */
  reason: z.string(),
  oldRating: z.number(),
  newRating: z.number(),
  delta: z.number(),
  createdAt: isoDateTime,
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

export const profileTeamSchema = z.object({
  id: z.number(),
  name: z.string(),
  tag: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  rating: z.number(),
  isCaptain: z.boolean(),
  url: z.string(),
});
export type ProfileTeam = z.infer<typeof profileTeamSchema>;

/** `GET /api/v1/users/{username}`: what anyone may see of a player (no email, no role). */
export const userProfileSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    /** Sanitized HTML. */
    formattedUsername: z.string(),
    formattedClassName: z.string().nullable(),
    image: z.string().nullable(),
    flag: z.string().nullable(),
    /** The player's config link. */
    config: z.string().nullable(),
    rating: z.number(),
    /** The rating model is still unsure of the player (σ above the provisional threshold). */
    ratingProvisional: z.boolean(),
    /** Oldest first, ready to draw (the last 50 changes). */
    ratingHistory: z.array(ratingChangeSchema),
    teams: z.array(profileTeamSchema),
    /** The last 10 finished, disputed or cancelled matches. */
    recentMatches: z.array(historyMatchSchema),
    memberSince: isoDateTime,
    /** A ban in force (the profile says "Banned until …"); `endsAt` null: for good. Null when not banned. */
    ban: z.object({ endsAt: isoDateTime.nullable() }).nullable(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileAnswer = dataOf(userProfileSchema);

/** `PATCH /api/v1/users/me`: every field optional; null clears it. */
export const updateSettingsBody = z.object({
  flag: z
    .string({ error: 'The flag field must be a string.' })
    .trim()
    .refine(isCountryCode, { error: 'The flag field must be a valid country code.' })
    .transform((code) => code.toLowerCase())
    .nullish()
    .meta({ description: 'ISO 3166-1 alpha-2 country code; null clears it.' }),
  configUrl: z
    .url({ protocol: /^https?$/, error: 'The config url field must be a valid http(s) URL.' })
    .max(500, { error: 'The config url field must not be greater than 500 characters.' })
    .nullish(),
});
export type UpdateSettingsInput = z.input<typeof updateSettingsBody>;

/** `POST /api/v1/users/me/password` */
export const changePasswordBody = z.object({
  currentPassword: stringField('current_password', { max: 200 }),
  password: stringField('password', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
});
export type ChangePasswordInput = z.input<typeof changePasswordBody>;

/** `POST /api/v1/users/me/avatar`: the image's bytes (PNG, JPEG or WebP) as the body. */
export const avatarBody = z
  .unknown()
  .meta({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP bytes, at most 1 MB.' });

/** The settings commands answer the text and the user as saved. */
export const settingsAnswer = z.object({ message: z.string(), data: currentUserSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswer>;
export const passwordAnswer = messageAnswer;
export type PasswordAnswer = z.infer<typeof passwordAnswer>;
