import { playerStatsAnswer } from '@versus/common/api/player-stats';
import { matchStatisticsAnswer, statisticsMatchParams } from '@versus/common/api/statistics';
import { usernameParams } from '@versus/common/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../lib/http.ts';
import { getPlayerStats } from './player-stats.service.ts';
import { sharedMatchStatistics } from './statistics.service.ts';

const tags = ['Statistics'];

/**
 * Statistics: signed-in users read a match's scoreboard (the match log fills it: match-log-statistics.ts);
 * anyone reads a player's statistics over time.
 */
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

  app.get(
    '/api/v1/users/:username/stats',
    {
      schema: {
        tags: ['Players'],
        summary: "A player's statistics over time: figures, form, maps, competitions, ratings",
        params: usernameParams,
        response: { 200: playerStatsAnswer },
      },
    },
    async (request) => ({ data: await getPlayerStats(app.db, request.params.username) }),
  );
};
