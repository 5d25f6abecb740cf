import { commandAnswer, lineupAnswer, lineupBody, matchIdParams } from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../../lib/http.ts';
import { getLineups, setLineup } from './lineup.service.ts';

const tags = ['Match room'];

/** Both lineups, and a captain setting theirs before the veto. */
export const lineupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/lineup/:id',
    {
      schema: {
        tags,
        summary: "Both lineups; a captain's roster to choose from",
        params: matchIdParams,
        response: { 200: lineupAnswer },
      },
    },
    async (request) => ({ data: await getLineups(app.ctx, request.params.id, request.user) }),
  );

  app.post(
    '/api/v1/match-detail/lineup/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Set the captain's lineup (before the veto)",
        params: matchIdParams,
        body: lineupBody,
        response: { 200: commandAnswer },
      },
    },
    async (request) => setLineup(app.ctx, requireUser(request.user), request.params.id, request.body.lineup),
  );
};
