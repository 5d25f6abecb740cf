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

/**
 * `sessionIdFromToken` with the last hashes remembered (at most `size` tokens; when full it starts over):
 * a signed-in visitor sends the same cookie on every request, and its hash was a few per cent of a read.
 */
export function sessionIdHasher(size = 10_000): (token: string) => string {
  let known = new Map<string, string>();
  return (token) => {
    let id = known.get(token);
    if (id === undefined) {
      id = sessionIdFromToken(token);
      if (known.size >= size) known = new Map();
      known.set(token, id);
    }
    return id;
  };
}
