import { healthAnswer } from '@versus/common/api/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readiness, redisProbe } from './readiness.ts';

/**
 * `GET /api/v1/health` answers once the database answers (the test harness and older load balancer
 * settings use it). `GET /health/live` answers while the process runs; `GET /health/ready` says whether
 * this instance should get traffic (docs/operations.md#health-checks).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/health',
    { schema: { tags: ['System'], summary: 'Liveness', response: { 200: healthAnswer } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  const redis = app.config.redisUrl ? redisProbe(app.config.redisUrl) : null;
  if (redis) app.addHook('onClose', () => redis.close());
  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const answer = await readiness({ db: app.db, redis, draining: app.lifecycle.draining });
    return reply
      .status(answer.status === 'ok' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(answer);
  });
};
