// A realtime test instance in its own process (so a test can SIGKILL it). Configured by environment:
// REDIS_URL, REALTIME_REDIS_PREFIX, REALTIME_TUNING (JSON), PORT (default: any free port).
// Prints `listening <port>` on stdout once ready.
import type { RealtimeTuning } from '../protocol.ts';
import { startTestApp } from './test-app.ts';

const tuning = JSON.parse(process.env.REALTIME_TUNING ?? '{}') as Partial<RealtimeTuning>;
const server = await startTestApp(
  {
    redisUrl: process.env.REDIS_URL ?? null,
    ...(process.env.REALTIME_REDIS_PREFIX ? { redisKeyPrefix: process.env.REALTIME_REDIS_PREFIX } : {}),
    tuning,
  },
  Number(process.env.PORT ?? 0),
);
process.stdout.write(`listening ${server.port}\n`);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
