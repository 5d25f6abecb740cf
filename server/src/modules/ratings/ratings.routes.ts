import { matchIdParams } from '@versus/common/api/matches';
import { matchRatingsAnswer } from '@versus/common/api/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMatchRatings } from './match-ratings.service.ts';

/** The match page's rating breakdown (public, like the match page). */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/ratings/:id',
    {
      schema: {
        tags: ['Match room'],
        summary: "The match's win probability and each rating change with its inputs",
        params: matchIdParams,
        response: { 200: matchRatingsAnswer },
      },
    },
    async (request) => ({ data: await getMatchRatings(app.ctx, request.params.id) }),
  );
};
