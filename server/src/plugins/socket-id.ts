import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

/**
 * The caller's realtime socket id (`X-Socket-ID`) as `request.socketId`, so that broadcasts caused by this
 * request can skip the sender's own socket. Malformed ids are ignored. Read from the header when asked (only
 * requests that broadcast ask), not by a hook on every request.
 */
export const socketIdPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('socketId', {
    getter(this: { headers: Record<string, string | string[] | undefined> }) {
      const header = this.headers['x-socket-id'];
      return typeof header === 'string' && SOCKET_ID.test(header) ? header : null;
    },
  });
});
