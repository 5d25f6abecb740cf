import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateApiToken, isPersonalApiToken } from '../modules/api-tokens/index.ts';
import { createSessionControl, SESSION_COOKIE, sessionIdHasher } from '../modules/auth/index.ts';
import { bearerToken } from '../lib/bearer-token.ts';

/**
 * Resolves the session cookie to `request.user` (null when signed out or expired). Before validation, so
 * a route can refuse the signed-out (401) or the unauthorized (403) before it reads their input (422).
 * An `Authorization: Bearer vsp_…` personal API token takes the cookie's place (see modules/api-tokens).
 * Sessions come from a short-lived per-instance cache (`app.sessions`, see session-cache.ts): no query
 * per request, and an ended session is refused on the next request on every instance.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const sessions = createSessionControl({
    db: app.db,
    changes: app.changes,
    sockets: () => app.realtime,
    cacheTtlMs: app.config.sessionCacheTtlMs,
    cacheStaleMs: app.config.sessionCacheStaleMs,
    log: app.log,
  });
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const sessionIdOf = sessionIdHasher();
  // A callback hook, not an async one: a session in this instance's cache (most requests) is resolved
  // at once, with no promise to wait for; the rest wait for their lookup.
  app.addHook('preValidation', (request, _reply, done) => {
    // A personal API token (read-only: the CSRF check already refused it on anything but GET and HEAD)
    // speaks for its owner instead of the cookie, within its own request allowance.
    const bearer = bearerToken(request);
    if (bearer !== null && isPersonalApiToken(bearer)) {
      authenticateApiToken(app.db, bearer, new Date())
        .then(async ({ user, tokenId }) => {
          await app.limits.take(request, 'apiToken', tokenId);
          request.user = user;
        })
        .then(() => done(), done);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) {
      done();
      return;
    }
    const sessionId = sessionIdOf(token);
    const cached = sessions.cachedUserOf(sessionId);
    if (cached) {
      request.user = cached;
      request.sessionId = sessionId;
      done();
      return;
    }
    sessions.userOf(sessionId).then((user) => {
      if (user) {
        request.user = user;
        request.sessionId = sessionId;
      }
      done();
    }, done);
  });
});
