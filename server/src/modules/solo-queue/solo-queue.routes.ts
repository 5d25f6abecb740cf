import type { FastifyInstance } from 'fastify';
import { idParam, requireUser } from '../matches/route-params.ts';
import { joinQueue, leaveQueue, listQueues } from './solo-queue.service.ts';

/** Solo-queues: list (with the viewer's place), join, leave. See the README's "Solo-queue". */
export async function soloQueueRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/solo-queues', async (request) => ({
    data: await listQueues(app.matchEngine, request.user),
  }));

  app.post('/api/v1/solo-queues/:id/join', async (request) =>
    joinQueue(app.matchEngine, requireUser(request.user), idParam(request.params, 'id', 'Solo-queue')),
  );

  app.post('/api/v1/solo-queues/:id/leave', async (request) =>
    leaveQueue(app.matchEngine, requireUser(request.user), idParam(request.params, 'id', 'Solo-queue')),
  );
}
