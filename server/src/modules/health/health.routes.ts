import { healthAnswer } from '@versus/common/api/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness for load balancers and the test harness: answers once the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/health',
    { schema: { tags: ['System'], summary: 'Liveness', response: { 200: healthAnswer } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
};
