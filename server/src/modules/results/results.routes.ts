import { requireAdmin } from '../../lib/http.ts';
import { adminMatchParams } from '@versus/common/api/admin';
import { awardAnswer, awardBody, awardOptionsAnswer } from '@versus/common/api/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { awardOptions, awardResult } from './results.service.ts';

const tags = ['Admin'];

/** Awarding a result. Both routes answer 401 signed out and 403 to everyone but admins, before any input. */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireAdmin(request.user);
  });

  app.get(
    '/api/v1/admin/matches/:id/award',
    {
      schema: {
        tags,
        summary: 'What an admin may award for a match: sides, draws, the played maps',
        params: adminMatchParams,
        response: { 200: awardOptionsAnswer },
      },
    },
    async (request) => ({ data: await awardOptions(app.ctx, request.params.id) }),
  );

  app.post(
    '/api/v1/admin/matches/:id/award',
    {
      schema: {
        tags,
        summary: 'Award a result or a walkover to a match that has no result yet',
        description:
          'Finishes the match under its row lock like any result: the bracket, ladder standings, ' +
          'notifications and the game server follow. A walkover moves no rating. The reason is shown in ' +
          'the match room.',
        params: adminMatchParams,
        body: awardBody,
        response: { 200: awardAnswer },
      },
    },
    async (request) => awardResult(app.ctx, requireAdmin(request.user), request.params.id, request.body),
  );
};
