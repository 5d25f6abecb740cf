import { matchIdParams } from '@versus/common/api/matches';
import {
  acceptTimeBody,
  proposeTimesBody,
  scheduleAnswer,
  scheduleCommandAnswer,
} from '@versus/common/api/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { acceptTime, getSchedule, proposeTimes } from './schedule.service.ts';

const tags = ['Match room'];

/** The Schedule panel: the agreed start, the open proposal, a captain proposing or accepting a time. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/schedule/:id',
    {
      schema: {
        tags,
        summary: "The match's start, the open time proposal and the viewer's options",
        params: matchIdParams,
        response: { 200: scheduleAnswer },
      },
    },
    async (request) => ({ data: await getSchedule(app.ctx, request.params.id, request.user) }),
  );

  app.post(
    '/api/v1/match-detail/schedule/:id/propose',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Propose one to three start times (replaces the open proposal)',
        params: matchIdParams,
        body: proposeTimesBody,
        response: { 200: scheduleCommandAnswer },
      },
    },
    async (request) =>
      proposeTimes(app.ctx, requireUser(request.user), request.params.id, request.body.times),
  );

  app.post(
    '/api/v1/match-detail/schedule/:id/accept',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Accept one of the other captain's proposed times",
        params: matchIdParams,
        body: acceptTimeBody,
        response: { 200: scheduleCommandAnswer },
      },
    },
    async (request) => acceptTime(app.ctx, requireUser(request.user), request.params.id, request.body.time),
  );
};
