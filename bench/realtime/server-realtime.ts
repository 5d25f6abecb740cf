// The embedded realtime service (in-process back end), published to through the Broadcaster.
// The server's request augmentation (user, socketId) lives in a declaration file outside this project.
import type {} from '@versus/server/src/types/fastify.d.ts';
import { startTestApp } from '@versus/server/src/realtime/test-support/test-app.ts';
import { EVENT, roomChannel } from './protocol.ts';
import { serveCommands } from './server-common.ts';

const server = await startTestApp({
  // Limits raised for the load, never the protocol: the idle sweep and slow-consumer bound stay on.
  tuning: { maxConnections: 50_000, activityTimeoutSeconds: 120 },
});

serveCommands(
  server.port,
  (room, payload) => server.app.broadcaster.publish(roomChannel(room), EVENT, payload),
  () => server.close(),
);
