import { matchDetailAnswer, matchIdParams } from '@versus/common/api/matches';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../../../lib/etag.ts';
import { serializeAnswer } from '../../../lib/http.ts';
import { getMatchDetailBody, readyMatchDetailBody } from './match-detail.service.ts';

const tags = ['Match room'];
/** The detail's bytes, encoded through its answer schema as Fastify would. */
const encode = (answer: z.output<typeof matchDetailAnswer>) => serializeAnswer(matchDetailAnswer, answer);

/** The match detail page's data; its status buttons are the ready part's routes, its lineups the lineup part's. */
export const matchDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  // The viewer's body before routing while the match and the session are in memory (plugins/hot-reads.ts).
  app.hotReads.add({
    route: '/api/v1/match-detail/:id',
    path: '/api/v1/match-detail/',
    id: 'path',
    viewer: 'viewer',
    answer: (id, user) => readyMatchDetailBody(app.ctx, id, user, encode),
  });
  app.get(
    '/api/v1/match-detail/:id',
    {
      schema: {
        tags,
        summary: 'The match detail page',
        params: matchIdParams,
        response: { 200: matchDetailAnswer },
      },
    },
    // The body comes as bytes from the read cache (encoded once through this answer schema), with its ETag.
    async (request, reply) => {
      const body = await getMatchDetailBody(app.ctx, request.params.id, request.user, encode);
      return sendEncoded(request, reply, body);
    },
  );
};
