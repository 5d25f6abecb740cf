// Request limits for the actions people (or scripts) could repeat without end: sign-in, registration, chat,
// uploads, anticheat heartbeats, team creation, invitations and token renewal. One mechanism,
// @fastify/rate-limit, counts in fixed windows: in this process, or in Redis when REDIS_URL is set, so every
// instance shares one count (`{REDIS_KEY_PREFIX}rate-limit:{name}:{key}`).
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
// @ts-expect-error the package ships its stores without types of their own
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
// @ts-expect-error the package ships its Redis store without a type of its own
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimitName, RateLimitRule } from '../config.ts';
import { TooManyRequestsError } from '../errors.ts';

/** Every limited action: the configured ones plus the two sign-in limits. */
export type LimitName = RateLimitName | 'loginIp' | 'loginUsername';

export interface RateLimits {
  /**
   * Counts one attempt of `name` for `key` (a user id, an address, a username) and throws 429 with
   * `Retry-After` once the window's allowance is used up. The attempt is counted before the work it guards,
   * so parallel requests cannot all pass a check that runs before the count.
   */
  take(request: FastifyRequest, name: LimitName, key: string | number, message?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
  }
}

const LIMIT_KEY = Symbol('versus.rateLimitKey');
type KeyedRequest = FastifyRequest & { [LIMIT_KEY]?: string };

interface Incr {
  incr(
    key: string,
    cb: (err: Error | null, res: { current: number; ttl: number } | null) => void,
    timeWindow: number,
    max: number,
  ): void;
}

/** The package's Redis store under our own key prefix (its per-route child keys would hold "undefined"). */
function prefixedRedisStore(redis: Redis, prefix: string) {
  return class PrefixedRedisStore {
    private readonly inner: Incr = new (
      RedisStore as new (c: boolean, e: boolean, r: Redis, k: string) => Incr
    )(false, false, redis, prefix);

    incr(...args: Parameters<Incr['incr']>): void {
      this.inner.incr(...args);
    }

    child(): this {
      return this;
    }
  };
}

/**
 * The package's in-process store, answering a copy of the count: its own answer is the live cache entry,
 * which concurrent requests of one key all read after the last of them counted (so every one of 8
 * parallel attempts saw 8 and was refused, where 5 of them were allowed).
 */
function copyingLocalStore(cache: number) {
  return class CopyingLocalStore {
    private readonly inner: Incr = new (LocalStore as new (c: boolean, e: boolean, size: number) => Incr)(
      false,
      false,
      cache,
    );

    incr(key: string, cb: Parameters<Incr['incr']>[1], timeWindow: number, max: number): void {
      this.inner.incr(
        key,
        (err, res) => cb(err, res && { current: res.current, ttl: res.ttl }),
        timeWindow,
        max,
      );
    }

    child(): this {
      return this;
    }
  };
}

export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    let redis: Redis | null = null;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { connectTimeout: 5_000, maxRetriesPerRequest: 3 });
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limits: Redis connection error'));
      app.addHook('onClose', async () => void redis?.disconnect());
    }
    await app.register(rateLimit, {
      global: false,
      // In-process store: room for many keys, so a spray of usernames cannot push a counted one out.
      cache: 100_000,
      // The package's store type names only `incr(key, cb)`; its stores take the window and max too.
      store: (redis
        ? prefixedRedisStore(redis, `${config.redisKeyPrefix}rate-limit:`)
        : copyingLocalStore(100_000)) as unknown as RateLimitPluginOptions['store'],
    });

    const rules: Record<LimitName, RateLimitRule> = {
      ...config.rateLimits,
      loginIp: { max: config.loginRateLimit.perIp, windowSeconds: config.loginRateLimit.windowSeconds },
      loginUsername: {
        max: config.loginRateLimit.perUsername,
        windowSeconds: config.loginRateLimit.windowSeconds,
      },
    };
    const limiters = new Map(
      (Object.entries(rules) as [LimitName, RateLimitRule][]).map(([name, rule]) => [
        name,
        app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowSeconds * 1000,
          keyGenerator: (request) => (request as KeyedRequest)[LIMIT_KEY] ?? request.ip,
        }),
      ]),
    );

    app.decorate('limits', {
      async take(request, name, key, message) {
        const limiter = limiters.get(name);
        if (!limiter) throw new Error(`no rate limit "${name}"`);
        (request as KeyedRequest)[LIMIT_KEY] = `${name}:${String(key)}`;
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          const wait = Math.max(1, result.ttlInSeconds);
          throw new TooManyRequestsError(
            (message ?? 'Too many requests. Please try again in :seconds seconds.').replace(
              ':seconds',
              String(wait),
            ),
            wait,
          );
        }
      },
    } satisfies RateLimits);
  },
  { name: 'rate-limits' },
);
