import { matchPlayersAnswer, matchPlayersParams } from '@versus/common/api/match-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMatchPlayers } from './match-players.service.ts';

/** The player list of the match room (public, like the match page). */
export const matchPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/players/:matchId',
    {
      schema: {
        tags: ['Match room'],
        summary: "Both sides' players",
        params: matchPlayersParams,
        response: { 200: matchPlayersAnswer },
      },
    },
    async (request) => ({ data: await getMatchPlayers(app.ctx, request.params.matchId) }),
  );
};
