import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CsrfError, ForbiddenError } from '../errors.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { isPersonalApiToken } from '../modules/api-tokens/index.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The Pusher HTTP events API is authenticated by its own request signature, not by a browser cookie.
// The anticheat client and game servers are programs with a bearer token (no cookies, so no CSRF risk).
const EXEMPT_PREFIXES = [
  '/apps/',
  '/api/v1/anticheat/client/',
  '/api/v1/game-server-log/',
  '/api/v1/game-server-agent/',
];

/** The header as axios sends it (percent-encoded cookie value); a malformed encoding matches nothing. */
function decodedHeader(header: string): string | null {
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

function tokensMatch(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** Random bytes for tokens, taken from the system's generator a pool at a time (one call per 128 tokens). */
const TOKEN_BYTES = 32;
const pool = Buffer.alloc(TOKEN_BYTES * 128);
let poolOffset = pool.length;

/** 32 random bytes, base64url: one new token. */
function randomToken(): string {
  if (poolOffset >= pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + TOKEN_BYTES);
  poolOffset += TOKEN_BYTES;
  return token;
}

/**
 * Sets a new `XSRF-TOKEN` cookie on the reply (replacing one the request hook may have set). Called at
 * sign-in, registration and sign-out, so a token read before the session changed hands is worth nothing.
 */
export function issueXsrfToken(reply: FastifyReply, secure: boolean): void {
  void reply.setCookie(XSRF_COOKIE, randomToken(), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 30,
  });
}

/**
 * Double-submit CSRF protection as axios expects it: every response that lacks the `XSRF-TOKEN`
 * cookie sets one (readable by scripts), and every state-changing request must echo it in the
 * `X-XSRF-TOKEN` header, else 419. Together with SameSite=Lax session cookies a foreign site can
 * neither read the token nor ride the session.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook (no promise per request); what it refuses is thrown, as Fastify takes it from one. It also
  // reads the request's cookies (`request.cookies`): @fastify/cookie is registered without a hook of its own
  // (app.ts), one hook on every request instead of two.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const cookies = request.headers.cookie;
    request.cookies = cookies ? app.parseCookie(cookies) : {};
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) issueXsrfToken(reply, app.config.secureCookies);
    if (SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    const bearer = bearerToken(request);
    if (bearer !== null && isPersonalApiToken(bearer)) {
      throw new ForbiddenError('API tokens are read-only: they can only make GET requests.');
    }
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      done();
      return;
    }
    const header = request.headers['x-xsrf-token'];
    const decoded = typeof header === 'string' ? decodedHeader(header) : null;
    if (!cookie || decoded === null || !tokensMatch(cookie, decoded)) {
      throw new CsrfError();
    }
    done();
  });
});
