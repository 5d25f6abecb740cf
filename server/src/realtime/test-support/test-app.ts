// A minimal server with the realtime plugin for tests and the benchmark: no database, and the signed-in
// user faked from an `x-test-user` header (an id) instead of a session cookie.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { contractPlugin } from '../../plugins/contract.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { socketIdPlugin } from '../../plugins/socket-id.ts';
import type { RealtimeOptions } from '../index.ts';
import { exceptRequester, realtimePlugin } from '../index.ts';

export const TEST_PUSHER: Config['pusher'] = {
  appId: 'test-app',
  key: 'test-key',
  secret: 'test-secret',
  host: null,
  port: null,
  scheme: 'http',
  clientEvents: false,
  maxPresenceMembers: 100,
  maxConnectionsPerAddress: 0,
};

export const TEST_ORIGIN = 'http://localhost:3000';

export function testUser(id: number): UserRow {
  const now = new Date(0);
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    username: `player${id}`,
    email: `player${id}@example.test`,
    passwordHash: '',
    image: `/avatars/${id}.png`,
    flag: 'de',
    color: '#ff0000',
    backgroundColor: null,
    className: null,
    role: 'player',
    elo: 1000,
    mu: 25,
    sigma: 25 / 3,
    anticheatTokenHash: null,
    configUrl: null,
    calendarToken: null,
    createdAt: now,
    updatedAt: now,
  };
}

export interface TestApp {
  app: FastifyInstance;
  port: number;
  baseUrl: string;
  close(): Promise<void>;
}

export type TestAppOptions = Partial<Omit<RealtimeOptions, 'pusher'>> & {
  pusher?: Partial<Config['pusher']>;
};

/** Starts the app on a free port of 127.0.0.1 (or `port`). */
export async function startTestApp(options: TestAppOptions = {}, port = 0): Promise<TestApp> {
  const app = Fastify({ logger: false, forceCloseConnections: 'idle' });
  await app.register(errorsPlugin);
  // The routes declare zod schemas: validation and answers go through them as in the app.
  await app.register(contractPlugin, { version: 'test' });
  await app.register(socketIdPlugin);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const id = Number(request.headers['x-test-user']);
    request.user = Number.isInteger(id) && id > 0 ? testUser(id) : null;
  });
  await app.register(realtimePlugin, {
    allowedOrigins: [TEST_ORIGIN],
    redisUrl: null,
    ...options,
    pusher: { ...TEST_PUSHER, ...options.pusher },
  });
  // What a feature route does: publish after its work, leaving out the requester's own tab.
  app.post<{ Body: { channel: string; event: string; payload: unknown } }>(
    '/test/publish',
    async (request) => {
      const { channel, event, payload } = request.body;
      await app.broadcaster.publish(channel, event, payload, exceptRequester(request));
      return {};
    },
  );
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { app, port: actualPort, baseUrl: `http://127.0.0.1:${actualPort}`, close: () => app.close() };
}
