import { authUserAnswer, loginBody, registerBody } from '@versus/common/api/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors.ts';
import { issueXsrfToken } from '../../plugins/csrf.ts';
import { requireUser, sendJsonText, serializeAnswer, signedIn } from '../../lib/http.ts';
import { presentCurrentUser } from '../users/index.ts';
import { authenticate, LOGIN_TOO_MANY, register, startSession, type ClientInfo } from './auth.service.ts';
import { SESSION_COOKIE, SESSION_DAYS } from './session-token.ts';
import type { UserRow } from '../../db/schema/index.ts';

function clientInfo(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

const tags = ['Accounts'];
/** The 401 of `GET /api/v1/auth/me` signed out, as the error plugin answers an `UnauthorizedError`. */
const SIGNED_OUT_BODY = JSON.stringify({ message: new UnauthorizedError().message });
/** The same 401 as bytes, answered before routing (plugins/hot-reads.ts). */
const SIGNED_OUT_BYTES = Buffer.from(SIGNED_OUT_BODY, 'utf8');

/** Accounts: register, sign in, sign out, and who am I. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.secureCookies,
      maxAge: SESSION_DAYS * 86_400,
    });
  /** A new session: its cookie, and a new XSRF token (a token read before sign-in is worth nothing after). */
  const signInReply = (reply: FastifyReply, token: string) => {
    setSessionCookie(reply, token);
    issueXsrfToken(reply, app.config.secureCookies);
  };
  const signOutReply = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    issueXsrfToken(reply, app.config.secureCookies);
  };

  app.post(
    '/api/v1/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerBody,
        response: { 201: authUserAnswer },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await app.limits.take(request, 'register', request.ip);
      const user = await register(app.db, input, app.config.ratings.start);
      if (request.user && request.sessionId) await app.sessions.end(request.user.id, request.sessionId);
      const token = await startSession(app.db, user.id, clientInfo(request), Date.now());
      signInReply(reply, token);
      return reply.status(201).send({ data: presentCurrentUser(user) });
    },
  );

  app.post(
    '/api/v1/auth/login',
    { schema: { tags, summary: 'Sign in', body: loginBody, response: { 200: authUserAnswer } } },
    async (request, reply) => {
      const input = request.body;
      const client = clientInfo(request);
      // Counted before the password check: parallel guesses each use up an attempt.
      await app.limits.take(request, 'loginIp', request.ip, LOGIN_TOO_MANY);
      await app.limits.take(request, 'loginUsername', input.username.toLowerCase(), LOGIN_TOO_MANY);
      const user = await authenticate(app.db, input);
      // Signing in again (or as someone else) ends the session the browser had.
      if (request.user && request.sessionId) await app.sessions.end(request.user.id, request.sessionId);
      const token = await startSession(app.db, user.id, client, Date.now());
      signInReply(reply, token);
      return { data: presentCurrentUser(user) };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    {
      schema: {
        tags,
        summary: "Sign out (ends this session and the user's sockets)",
        response: { 204: z.null().meta({ description: 'Signed out' }) },
      },
    },
    async (request, reply) => {
      // Ends the session on every instance and its sockets: they reconnect anonymously, so private
      // channels need a session again.
      if (request.user && request.sessionId) await app.sessions.end(request.user.id, request.sessionId);
      signOutReply(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/logout-everywhere',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Sign out everywhere (ends every session of the user, this one included, and their sockets)',
        response: { 204: z.null().meta({ description: 'Signed out on every device' }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      await app.sessions.endAllOf(user.id, null);
      signOutReply(reply);
      return reply.status(204).send(null);
    },
  );

  // Encoded once per loaded user row (the session cache hands the same row to every request of the session
  // until it reloads it, and rows are never changed in place), through the route's answer schema.
  const meBodies = new WeakMap<UserRow, Buffer>();
  const meBody = (user: UserRow): Buffer => {
    let body = meBodies.get(user);
    if (body === undefined) {
      body = Buffer.from(serializeAnswer(authUserAnswer, { data: presentCurrentUser(user) }), 'utf8');
      meBodies.set(user, body);
    }
    return body;
  };
  // The same answers before routing, the viewer's from the session cache (plugins/hot-reads.ts).
  app.hotReads.add({
    route: '/api/v1/auth/me',
    path: '/api/v1/auth/me',
    id: 'none',
    viewer: 'viewer',
    status: (user) => (user ? 200 : 401),
    answer: (_id, user) => ({ bytes: user ? meBody(user) : SIGNED_OUT_BYTES, etag: null }),
  });
  app.get(
    '/api/v1/auth/me',
    { schema: { tags, summary: 'Who am I (401 signed out)', response: { 200: authUserAnswer } } },
    async (request, reply) => {
      // Signed out: the error plugin's 401 body, answered here without an error to throw and handle (the
      // signed-out page load asks this first).
      if (!request.user) return sendJsonText((reply as FastifyReply).code(401), SIGNED_OUT_BODY);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(meBody(request.user));
    },
  );
};
