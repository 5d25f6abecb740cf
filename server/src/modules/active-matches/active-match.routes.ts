import { activeMatchesAnswer } from '@versus/common/api/active-matches';
import { pageQuery } from '@versus/common/api/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/http.ts';
import { userActiveMatches } from './active-match.service.ts';

/** The header's Active games panel. A static path: it wins over `/api/v1/match/:id`. */
export const activeMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match/user-active-matches',
    {
      preValidation: signedIn,
      schema: {
        tags: ['Header panels'],
        summary: "The signed-in user's matches that are not finished or cancelled (10 a page)",
        querystring: pageQuery,
        response: { 200: activeMatchesAnswer },
      },
    },
    async (request) => userActiveMatches(app.db, requireUser(request.user).id, request.query.page),
  );
};
