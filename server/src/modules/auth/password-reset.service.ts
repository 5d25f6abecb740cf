// A forgotten password, reset by mail: a link with a single-use token that expires, mailed to the
// account's address. Only a SHA-256 of the token is stored. Using the link sets the new password and
// spends every other link of the account; the route then ends all of its sessions.
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PasswordResetTokenRow } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import type { Mailer } from '../../mail/index.ts';
import { findUserByEmail, findUserByUsername, hashPassword } from '../users/index.ts';
import {
  findResetToken,
  insertResetToken,
  setPasswordHash,
  spendUserResetTokens,
} from './password-reset.repository.ts';
import { lifetimeText, PASSWORD_RESET_TEXTS, passwordResetMail } from './password-reset.texts.ts';

export interface PasswordResetDeps {
  db: Db;
  now: () => number;
  config: Pick<Config, 'appUrl' | 'passwordResetTtlSeconds'>;
  mailer: Pick<Mailer, 'send'>;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Mails a fresh reset link to the account named by its email address (text with an `@`: usernames
 * cannot hold one) or its username, case-insensitive. Does nothing when no account matches: the caller
 * answers the same either way.
 */
export async function sendPasswordResetLink(deps: PasswordResetDeps, emailOrUsername: string): Promise<void> {
  const login = emailOrUsername.trim();
  const user = login.includes('@')
    ? await findUserByEmail(deps.db, login)
    : await findUserByUsername(deps.db, login);
  if (!user) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const now = deps.now();
  const ttl = deps.config.passwordResetTtlSeconds;
  await insertResetToken(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: new Date(now),
    expiresAt: new Date(now + ttl * 1000),
  });
  const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...passwordResetMail(user.username, link, lifetimeText(ttl)) });
}

/** The token row when it can still be used, else the 422 that says why not. */
function usable(row: PasswordResetTokenRow | null, now: number): PasswordResetTokenRow {
  const problem = !row
    ? PASSWORD_RESET_TEXTS.invalid
    : row.usedAt
      ? PASSWORD_RESET_TEXTS.used
      : row.expiresAt.getTime() <= now
        ? PASSWORD_RESET_TEXTS.expired
        : null;
  if (problem || !row) throw new ValidationError({ token: [problem ?? PASSWORD_RESET_TEXTS.invalid] });
  return row;
}

/**
 * Sets the new password with a link's token, once: the token row is locked, so two uses of one link get
 * one success. Answers the account's user id (the caller ends its sessions).
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  input: { token: string; password: string },
): Promise<{ userId: number; message: string }> {
  const tokenHash = hashToken(input.token);
  // Checked before the (slow) password hash, so a wrong link costs one indexed read.
  usable(await findResetToken(deps.db, tokenHash), deps.now());
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const row = usable(await findResetToken(tx, tokenHash, true), now);
    await setPasswordHash(tx, row.userId, passwordHash, new Date(now));
    await spendUserResetTokens(tx, row.userId, new Date(now));
    return row.userId;
  });
  return { userId, message: PASSWORD_RESET_TEXTS.done };
}
