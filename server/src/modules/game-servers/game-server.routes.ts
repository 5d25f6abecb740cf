import { gameServerStatusSchema, gameServerUuidParams } from '@versus/common/api/game-servers';
import { matchIdParams, matchServerAnswer } from '@versus/common/api/matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMatchServer, getServerStatus } from './game-server-info.service.ts';

/** The match room's game server box, and a server's live status (the Quake 3 `getstatus` UDP query). */
export const gameServerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match/:id/server',
    {
      schema: {
        tags: ['Match room'],
        summary: 'The server box',
        params: matchIdParams,
        response: { 200: matchServerAnswer },
      },
    },
    async (request) => ({
      data: await getMatchServer(app.ctx, request.params.id, request.user),
    }),
  );

  app.get(
    '/api/v1/game-server/:uuid/status',
    {
      schema: {
        tags: ['Match room'],
        summary: "A game server's live status",
        params: gameServerUuidParams,
        response: { 200: gameServerStatusSchema },
      },
    },
    async (request) => getServerStatus(app.ctx, request.params.uuid),
  );
};
