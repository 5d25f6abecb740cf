import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

/**
 * Keeps the caller's realtime socket id (`X-Socket-ID`) in the request so that broadcasts caused by
 * this request can skip the sender's own socket. Malformed ids are ignored.
 */
export const socketIdPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('socketId', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-socket-id'];
    request.socketId = typeof header === 'string' && SOCKET_ID.test(header) ? header : null;
    done();
  });
});
