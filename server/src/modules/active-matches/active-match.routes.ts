import { activeMatchesAnswer } from '@versus/common/api/active-matches';
import { pageQuery } from '@versus/common/api/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectPageChanges } from '../../core/page-cache.ts';
import { sendEncoded } from '../../lib/etag.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { userActiveMatchesBody } from './active-match.service.ts';

/**
 * The header's Active games panel. A static path: it wins over `/api/v1/match/:id`. The body comes as bytes
 * from this instance's per-user cache, with its ETag (304 when the browser holds it).
 */
export const activeMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  connectPageChanges(app.ctx, app.changes);
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
    async (request, reply) =>
      sendEncoded(
        request,
        reply,
        await userActiveMatchesBody(app.ctx, requireUser(request.user).id, request.query.page),
      ),
  );
};
