// What `GET /health/ready` asks: the database, Redis when the deployment has one, and whether this
// instance is draining (a graceful shutdown began: the load balancer should stop sending it requests).
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';

/** How long one dependency may take to answer before it counts as down. */
export const CHECK_TIMEOUT_MS = 1_000;

export type CheckResult = 'ok' | 'down';

export interface Readiness {
  status: 'ok' | 'unavailable' | 'draining';
  checks: Record<string, CheckResult>;
}

/** Resolves 'ok' when `probe` settles in time, 'down' when it rejects or is late. */
export async function check(
  probe: () => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([probe().then((): CheckResult => 'ok'), late]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A Redis connection kept for the probe alone: it never queues commands while away (a ping then fails at
 * once) and reconnects by itself, so readiness comes back with Redis.
 */
export function redisProbe(url: string): { ping: () => Promise<unknown>; close: () => void } {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => 1_000,
  });
  // Failures show in the answer; without a listener ioredis would print every reconnect attempt.
  redis.on('error', () => undefined);
  redis.connect().catch(() => undefined);
  return { ping: () => redis.ping(), close: () => redis.disconnect() };
}

/** Asks every dependency at once. */
export async function readiness(options: {
  db: Db;
  redis: { ping: () => Promise<unknown> } | null;
  draining: boolean;
}): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    check(() => options.db.execute(sql`select 1`)),
    options.redis ? check(options.redis.ping) : Promise.resolve(null),
  ]);
  const checks: Record<string, CheckResult> = { database };
  if (redis) checks.redis = redis;
  const down = Object.values(checks).includes('down');
  return { status: options.draining ? 'draining' : down ? 'unavailable' : 'ok', checks };
}
