import {
  joinQueueAnswer,
  leaveQueueAnswer,
  soloQueueParams,
  soloQueuesAnswer,
} from '@versus/common/api/solo-queue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/http.ts';
import { joinQueue, leaveQueue, listQueues } from './solo-queue.service.ts';

const tags = ['Solo-queue'];

/** Solo-queues: list (with the viewer's place), join, leave. See the README's "Solo-queue". */
export const soloQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/solo-queues',
    {
      schema: {
        tags,
        summary: "The active solo-queues, with the viewer's place",
        response: { 200: soloQueuesAnswer },
      },
    },
    async (request) => ({ data: await listQueues(app.ctx, request.user) }),
  );

  app.post(
    '/api/v1/solo-queues/:id/join',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Join a queue (the join that fills it forms the match)',
        params: soloQueueParams,
        response: { 200: joinQueueAnswer },
      },
    },
    async (request) => joinQueue(app.ctx, requireUser(request.user), request.params.id),
  );

  app.post(
    '/api/v1/solo-queues/:id/leave',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Leave the queue you wait in',
        params: soloQueueParams,
        response: { 200: leaveQueueAnswer },
      },
    },
    async (request) => leaveQueue(app.ctx, requireUser(request.user), request.params.id),
  );
};
