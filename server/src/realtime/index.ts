// The realtime plugin: builds the configured back end, serves the Pusher protocol on `/app/{key}`
// and the endpoints around it, and shuts sockets down (4200) before the HTTP server stops.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RealtimeControl, RealtimeOptions } from './backend.ts';
import { createBackend } from './backend.ts';
import type { Broadcaster, PublishOptions } from './broadcaster.ts';
import type { DataChannelAccess } from './channel-policy.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { configRoutes } from './routes/config.routes.ts';
import { eventsApiRoutes } from './routes/events-api.routes.ts';

export type { Broadcaster, PublishOptions } from './broadcaster.ts';
export type { RealtimeControl, RealtimeOptions } from './backend.ts';
export type { DataChannelAccess } from './channel-policy.ts';
export { ticketOfChannel } from './channel-policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `publish(channel, event, payload, exceptRequester(request))`, after the transaction commits. */
    broadcaster: Broadcaster;
    realtime: RealtimeControl;
  }
}

/**
 * Publish options that leave out the requesting tab: its `X-Socket-ID`, honoured only when that
 * socket has proved it belongs to the signed-in user (checked where the socket lives, on any instance).
 */
export function exceptRequester(request: FastifyRequest): PublishOptions {
  return { exceptSocketId: request.socketId, exceptUserId: request.user?.id ?? null };
}

export const realtimePlugin = fp(
  async (app: FastifyInstance, options: RealtimeOptions & { dataChannelAccess?: DataChannelAccess }) => {
    const backend = await createBackend(options, app.log);
    app.decorate('broadcaster', backend.broadcaster);
    app.decorate('realtime', backend.control);

    const { pusher } = options;
    await app.register(async (scope) => {
      // pusher-js posts form-urlencoded; register the parser here unless the app already has it.
      if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) await scope.register(formbody);
      await scope.register(authRoutes, {
        credentials: { key: pusher.key, secret: pusher.secret },
        owners: backend.owners,
        dataChannelAccess: options.dataChannelAccess,
      });
    });
    await app.register(configRoutes, { pusher });

    const service = backend.service;
    if (service) {
      await app.register(eventsApiRoutes, {
        appId: pusher.appId,
        key: pusher.key,
        secret: pusher.secret,
        maxEventDataBytes: backend.tuning.maxEventDataBytes,
        service,
      });
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (service.handleUpgrade(request, socket, head)) return;
        // Nobody else serves WebSockets on this port: answer instead of leaving the socket hanging.
        if (app.server.listenerCount('upgrade') === 1)
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      };
      app.server.on('upgrade', onUpgrade);
      app.addHook('onClose', async () => void app.server.off('upgrade', onUpgrade));
    }
    // preClose runs before the HTTP server waits for its connections, which include our sockets.
    app.addHook('preClose', async () => {
      await backend.control.close();
    });
  },
  { name: 'realtime', fastify: '5.x' },
);
