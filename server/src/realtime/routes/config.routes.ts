import type { RealtimeClientConfig } from '@versus/common/realtime/client-config';
import type { FastifyInstance } from 'fastify';
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
export async function configRoutes(
  app: FastifyInstance,
  { pusher }: { pusher: Config['pusher'] },
): Promise<void> {
  const data = clientConfig(pusher);
  app.get('/api/v1/realtime/config', async () => ({ data }));
}
