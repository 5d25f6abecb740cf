import {
  acceptPopAnswer,
  declinePopAnswer,
  joinQueueAnswer,
  leaveQueueAnswer,
  popParams,
  queueStatusAnswer,
  soloQueueParams,
  soloQueuesAnswer,
} from '@versus/common/api/solo-queue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/http.ts';
import { acceptPop, declinePop } from './solo-queue-pop.ts';
import { joinQueue, leaveQueue, listQueues, myQueueStatus } from './solo-queue.service.ts';

const tags = ['Solo-queue'];

/** Solo-queues: list (with the viewer's place), join, leave, the viewer's status, the pop's accept and decline. */
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

  app.get(
    '/api/v1/solo-queues/me',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Where the viewer stands: their queue and place, their pop (ready check), their cooldown',
        response: { 200: queueStatusAnswer },
      },
    },
    async (request) => ({ data: await myQueueStatus(app.ctx, requireUser(request.user)) }),
  );

  app.post(
    '/api/v1/solo-queues/:id/join',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Join a queue (the join that fills it starts the pop: a ready check)',
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
        summary: 'Leave the queue you wait in (during a pop: decline it)',
        params: soloQueueParams,
        response: { 200: leaveQueueAnswer },
      },
    },
    async (request) => leaveQueue(app.ctx, requireUser(request.user), request.params.id),
  );

  app.post(
    '/api/v1/solo-queues/pops/:popId/accept',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Accept the match of your pop (the last accept forms it)',
        params: popParams,
        response: { 200: acceptPopAnswer },
      },
    },
    async (request) => acceptPop(app.ctx, requireUser(request.user), request.params.popId),
  );

  app.post(
    '/api/v1/solo-queues/pops/:popId/decline',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Decline the match of your pop: you leave the queue, the others wait again',
        params: popParams,
        response: { 200: declinePopAnswer },
      },
    },
    async (request) => declinePop(app.ctx, requireUser(request.user), request.params.popId),
  );
};
