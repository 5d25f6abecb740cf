import { realtimeConfigAnswer, type RealtimeClientConfig } from '@versus/common/api/realtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** pusher-js insists on a cluster; with wsHost set it is never used. */
const PLACEHOLDER_CLUSTER = 'mt1';

/** What the web client needs to connect, so changing hosts or keys needs no rebuild. */
export function clientConfig(pusher: Config['pusher']): RealtimeClientConfig {
  const common = {
    key: pusher.key,
    cluster: PLACEHOLDER_CLUSTER,
    authEndpoint: '/broadcasting/auth',
    userAuthEndpoint: '/broadcasting/user-auth',
  };
  if (!pusher.host) {
    // Embedded: same host, port and scheme as the page.
    return { ...common, wsHost: null, wsPort: null, wssPort: null, forceTLS: null };
  }
  const tls = pusher.scheme === 'https';
  const port = pusher.port ?? (tls ? 443 : 80);
  return { ...common, wsHost: pusher.host, wsPort: port, wssPort: port, forceTLS: tls };
}

/** `GET /api/v1/realtime/config`. */
export const configRoutes: FastifyPluginAsyncZod<{ pusher: Config['pusher'] }> = async (app, { pusher }) => {
  const data = clientConfig(pusher);
  app.get(
    '/api/v1/realtime/config',
    {
      schema: {
        tags: ['Realtime'],
        summary: 'What the web app connects to the realtime service with',
        response: { 200: realtimeConfigAnswer },
      },
    },
    async () => ({ data }),
  );
};
