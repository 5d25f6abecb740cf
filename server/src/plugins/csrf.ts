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

/** The cookie's attributes: a visitor's token and the one issued at sign-in, registration and sign-out. */
const xsrfCookieOptions = (secure: boolean) =>
  ({
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 30,
  }) as const;

/**
 * Sets a new `XSRF-TOKEN` cookie on the reply (replacing the one the request hook would have added). Called at
 * sign-in, registration and sign-out, so a token read before the session changed hands is worth nothing.
 */
export function issueXsrfToken(reply: FastifyReply, secure: boolean): void {
  reply.request.xsrfCookie = null;
  void reply.setCookie(XSRF_COOKIE, randomToken(), xsrfCookieOptions(secure));
}

/**
 * Adds the `Set-Cookie` of a visitor's new `XSRF-TOKEN` (chosen by the request hook) to the answer: called once
 * per answer as it is sent, from the security headers' `onSend` hook (app.ts), where @fastify/cookie's own hook
 * would have added it.
 */
export function addPendingXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.xsrfCookie !== null) void reply.header('set-cookie', request.xsrfCookie);
}

/**
 * The `Set-Cookie` value for a visitor's token, `XSRF-TOKEN=<token>; Max-Age=…; Path=/; SameSite=Lax`: the text
 * @fastify/cookie's serializer writes for these options, built by it once (around a placeholder) instead of per
 * answer.
 */
function visitorCookieOf(app: FastifyInstance, secure: boolean): (token: string) => string {
  const placeholder = 'PLACEHOLDER';
  const sample = app.serializeCookie(XSRF_COOKIE, placeholder, xsrfCookieOptions(secure));
  const at = sample.indexOf(placeholder);
  const head = sample.slice(0, at);
  const tail = sample.slice(at + placeholder.length);
  return (token) => head + token + tail;
}

/**
 * Double-submit CSRF protection as axios expects it: every response that lacks the `XSRF-TOKEN`
 * cookie sets one (readable by scripts), and every state-changing request must echo it in the
 * `X-XSRF-TOKEN` header, else 419. Together with SameSite=Lax session cookies a foreign site can
 * neither read the token nor ride the session.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  const visitorCookie = visitorCookieOf(app, app.config.secureCookies);
  app.decorateRequest('xsrfCookie', null);
  // The same cookie for the answers given before routing (plugins/hot-reads.ts).
  app.decorate('newVisitorCookie', () => visitorCookie(randomToken()));
  // A callback hook (no promise per request); what it refuses is thrown, as Fastify takes it from one. It also
  // reads the request's cookies (`request.cookies`): @fastify/cookie is registered without a hook of its own
  // (app.ts), one hook on every request instead of two.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const cookies = request.headers.cookie;
    request.cookies = cookies ? app.parseCookie(cookies) : {};
    const cookie = request.cookies[XSRF_COOKIE];
    // The cookie is added to the answer as it is sent (addPendingXsrfCookie), pre-serialized: no work for
    // @fastify/cookie's serializer on every visitor's answer.
    if (!cookie) request.xsrfCookie = visitorCookie(randomToken());
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
