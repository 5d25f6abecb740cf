import { matchStatisticsAnswer, statisticsMatchParams } from '@versus/common/api/statistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../lib/http.ts';
import { sharedMatchStatistics } from './statistics.service.ts';

const tags = ['Statistics'];

/** Statistics: signed-in users read the scoreboard (the match log fills it: match-log-statistics.ts). */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/statistics/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The match's scoreboard",
        params: statisticsMatchParams,
        response: { 200: matchStatisticsAnswer },
      },
    },
    async (request) => ({ data: await sharedMatchStatistics(app.ctx, request.params.matchId) }),
  );
};
