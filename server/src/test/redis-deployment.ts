// Several instances of one deployment over the Redis of REDIS_URL (the local service in CI), as a league runs
// them behind a load balancer: one database, one Redis key prefix of their own (so parallel test files and
// other deployments never see their keys), the prefix's keys removed on close.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app.ts';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface RedisDeployment {
  /** The instances, in the order they started; the first one owns the database. */
  instances: TestApp[];
  /** Their REDIS_KEY_PREFIX. */
  prefix: string;
  /** Closes every instance and the database, and deletes the prefix's keys. */
  close: () => Promise<void>;
}

export async function redisDeployment(
  options: Pick<TestAppOptions, 'seed' | 'env'> & { instances?: number; prefix?: string } = {},
): Promise<RedisDeployment> {
  const prefix = options.prefix ?? `versus-test:${String(process.pid)}:${randomBytes(4).toString('hex')}:`;
  const build = { clock: 'real', env: { REDIS_URL, REDIS_KEY_PREFIX: prefix, ...options.env } } as const;
  const first = await buildTestApp({ ...build, ...(options.seed === false ? { seed: false } : {}) });
  const instances = [first];
  for (let n = 1; n < (options.instances ?? 2); n++)
    instances.push(await buildTestApp({ ...build, database: first.database }));
  return {
    instances,
    prefix,
    close: async () => {
      for (const t of instances.slice(1)) await t.closeApp();
      await first.close();
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}
