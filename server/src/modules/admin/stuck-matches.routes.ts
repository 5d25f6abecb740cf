import { stuckMatchesAnswer } from '@versus/common/api/stuck-matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/v1/admin/stuck-matches`; registered inside `adminRoutes`, whose hook refuses non-admins. */
export const stuckMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/stuck-matches',
    {
      schema: {
        tags: ['Admin'],
        summary: 'Open matches that nothing moves on, with why',
        response: { 200: stuckMatchesAnswer },
      },
    },
    async () => app.stuckMatches.list(app.ctx.now()),
  );
};
