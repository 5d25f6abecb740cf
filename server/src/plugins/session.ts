import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser } from '../modules/auth/session.repository.ts';
import { SESSION_COOKIE, sessionIdFromToken } from '../modules/auth/session-token.ts';

/** Resolves the session cookie to `request.user` (null when signed out or expired). */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const sessionId = sessionIdFromToken(token);
    const user = await findSessionUser(app.db, sessionId, new Date());
    if (user) {
      request.user = user;
      request.sessionId = sessionId;
    }
  });
});
