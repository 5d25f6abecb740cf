import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { ValidationError } from '../../errors.ts';
import { isUniqueViolation, violatedConstraint } from '../../lib/db-errors.ts';
import { findUserByEmail, findUserByUsername, insertUser } from '../users/index.ts';
import { hashPassword, verifyPassword } from '../users/index.ts';
import { insertSession } from './session.repository.ts';
import { newSessionToken, SESSION_DAYS, sessionIdFromToken } from './session-token.ts';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const DEFAULT_AVATAR = '/images/avatars/default.svg';

// Verifying against a real hash when the username is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Creates the account with the configured starting rating (`RATING_START`); a taken username or email
 * (case-insensitive) is a field error.
 */
export async function register(
  db: Db,
  input: { username: string; email: string; password: string },
  ratingStart: number,
): Promise<UserRow> {
  const errors: Record<string, string[]> = {};
  if (await findUserByUsername(db, input.username)) errors.username = [REGISTER_TEXTS.usernameTaken];
  if (await findUserByEmail(db, input.email)) errors.email = [REGISTER_TEXTS.emailTaken];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, { ...input, passwordHash, image: DEFAULT_AVATAR, elo: ratingStart });
  } catch (error) {
    // Two registrations racing for one username or one email: the unique index decides, and the loser is
    // told which of the two was taken, as if it had come second.
    if (isUniqueViolation(error)) throw new ValidationError(takenFieldOf(violatedConstraint(error)));
    throw error;
  }
}

/** The field errors of registration's unique indexes. */
export const REGISTER_TEXTS = {
  usernameTaken: 'The username has already been taken.',
  emailTaken: 'The email has already been taken.',
} as const;

/** The field a violated unique index of `users` guards (the username when the database does not say). */
function takenFieldOf(constraint: string | null): Record<string, string[]> {
  if (constraint === 'users_email_lower_unique') return { email: [REGISTER_TEXTS.emailTaken] };
  return { username: [REGISTER_TEXTS.usernameTaken] };
}

/** Message of the sign-in limits (429). */
export const LOGIN_TOO_MANY = 'Too many login attempts. Please try again in :seconds seconds.';

/**
 * Checks the credentials (the caller has counted the attempt against the sign-in limits first). An unknown
 * username costs the same argon2 verification as a wrong password.
 */
export async function authenticate(db: Db, input: { username: string; password: string }): Promise<UserRow> {
  const user = await findUserByUsername(db, input.username);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw new ValidationError({ username: [BAD_CREDENTIALS] });
  return user;
}

/** Starts a session and returns the cookie token. */
export async function startSession(db: Db, userId: number, client: ClientInfo, now: number): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now + SESSION_DAYS * 86_400_000),
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip.slice(0, 64),
  });
  return token;
}
