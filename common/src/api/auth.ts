// Accounts: register, sign in, sign out, who am I, and a forgotten password reset by mail. Both register
// and sign-in answer the signed-in user (`CurrentUser`) and set the HttpOnly session cookie.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './field-limits.ts';
import { messageAnswer, stringField } from './primitives.ts';
import { currentUserAnswer } from './users.ts';

/** Letters, numbers, dashes and underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** `POST /api/v1/auth/register` */
export const registerBody = z.object({
  username: stringField('username', { min: USERNAME_MIN, max: USERNAME_MAX }).regex(USERNAME_PATTERN, {
    error: 'The username field may only contain letters, numbers, dashes and underscores.',
  }),
  email: stringField('email', { max: 255 }).pipe(
    z.email({ error: 'The email field must be a valid email address.' }),
  ),
  password: stringField('password', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
});
export type RegisterInput = z.input<typeof registerBody>;

/** `POST /api/v1/auth/login`: wrong credentials are a 422 on `username`; too many attempts a 429. */
export const loginBody = z.object({
  username: stringField('username', { max: 200 }),
  password: stringField('password', { max: 200 }),
});
export type LoginInput = z.input<typeof loginBody>;

/** Register (201), sign in and `GET /api/v1/auth/me` answer `{data: CurrentUser}`. */
export const authUserAnswer = currentUserAnswer;

/**
 * `POST /api/v1/auth/forgot-password`: mails a reset link to the account with this email address (when the
 * text holds an `@`) or username. The answer is the same whether or not an account matches.
 */
export const forgotPasswordBody = z.object({
  emailOrUsername: stringField('email_or_username', { max: 255 }),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordBody>;
export const forgotPasswordAnswer = messageAnswer;
export type ForgotPasswordAnswer = z.infer<typeof forgotPasswordAnswer>;

/** `POST /api/v1/auth/reset-password`: the token from the mailed link and the new password. */
export const resetPasswordBody = z.object({
  token: stringField('token', { max: 200 }),
  password: stringField('password', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
});
export type ResetPasswordInput = z.input<typeof resetPasswordBody>;
export const resetPasswordAnswer = messageAnswer;
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;
