import crypto from 'node:crypto';

export const SESSION_COOKIE = 'versus_session';
export const SESSION_DAYS = 30;

/** A new random cookie token; only its hash (the session id) is stored. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sessionIdFromToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
