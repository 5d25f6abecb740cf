import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** Liveness for load balancers and the test harness: answers once the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/health', async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
