import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { TooManyRequestsError, ValidationError } from '../../errors.ts';
import { findUserByEmail, findUserByUsername, insertUser } from '../users/user.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { deleteSession, insertSession } from './session.repository.ts';
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
  if (await findUserByUsername(db, input.username))
    errors.username = ['The username has already been taken.'];
  if (await findUserByEmail(db, input.email)) errors.email = ['The email has already been taken.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, { ...input, passwordHash, image: DEFAULT_AVATAR, elo: ratingStart });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets the same 422.
    if (isUniqueViolation(error))
      throw new ValidationError({ username: ['The username has already been taken.'] });
    throw error;
  }
}

/** Checks the credentials under the per-IP and per-username attempt limits. */
export async function authenticate(
  db: Db,
  limiter: LoginLimiter,
  limits: { perUsername: number; perIp: number },
  input: { username: string; password: string },
  client: ClientInfo,
  now: number,
): Promise<UserRow> {
  const ipKey = `ip:${client.ip}`;
  const userKey = `user:${input.username.toLowerCase()}`;
  const wait = Math.max(
    limiter.retryAfter(ipKey, limits.perIp, now),
    limiter.retryAfter(userKey, limits.perUsername, now),
  );
  if (wait > 0) {
    throw new TooManyRequestsError(`Too many login attempts. Please try again in ${wait} seconds.`, wait);
  }
  const user = await findUserByUsername(db, input.username);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) {
    limiter.hit(ipKey, now);
    limiter.hit(userKey, now);
    throw new ValidationError({ username: [BAD_CREDENTIALS] });
  }
  limiter.clear(userKey);
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

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
