import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { presentCurrentUser } from '../users/user.presenter.ts';
import { loginSchema, registerSchema } from './auth.schemas.ts';
import { authenticate, endSession, register, startSession, type ClientInfo } from './auth.service.ts';
import { LoginLimiter } from './login-limiter.ts';
import { SESSION_COOKIE, SESSION_DAYS } from './session-token.ts';

function clientInfo(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** Accounts: register, sign in, sign out, and who am I. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new LoginLimiter(app.config.loginRateLimit.windowSeconds);

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.secureCookies,
      maxAge: SESSION_DAYS * 86_400,
    });

  app.post('/api/v1/auth/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const user = await register(app.db, input, app.config.ratings.start);
    const token = await startSession(app.db, user.id, clientInfo(request), Date.now());
    setSessionCookie(reply, token);
    return reply.status(201).send({ data: presentCurrentUser(user) });
  });

  app.post('/api/v1/auth/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const client = clientInfo(request);
    const user = await authenticate(app.db, limiter, app.config.loginRateLimit, input, client, Date.now());
    if (request.sessionId) await endSession(app.db, request.sessionId);
    const token = await startSession(app.db, user.id, client, Date.now());
    setSessionCookie(reply, token);
    return { data: presentCurrentUser(user) };
  });

  app.post('/api/v1/auth/logout', async (request, reply) => {
    if (request.sessionId) await endSession(app.db, request.sessionId);
    // End the user's sockets: they reconnect anonymously, so private channels need a session again.
    if (request.user) {
      await app.realtime
        .disconnectUser(request.user.id)
        .catch((err: unknown) => request.log.warn({ err }, 'realtime: could not end sockets on sign-out'));
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/v1/auth/me', async (request) => {
    if (!request.user) throw new UnauthorizedError();
    return { data: presentCurrentUser(request.user) };
  });
}
