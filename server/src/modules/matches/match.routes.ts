import type { FastifyInstance } from 'fastify';
import { getMatchServer } from '../game-servers/game-server-info.service.ts';
import { getVetoMatchAnswer, selectVetoMap } from './match.service.ts';
import { idParam, requireUser } from './route-params.ts';

/** The veto-shaped match, a veto turn, and the match's game server box. */
export async function matchRoutes(app: FastifyInstance): Promise<void> {
  // The body comes serialized from the read cache: the hot read of the veto room.
  app.get('/api/v1/match/:id', async (request, reply) => {
    const answer = await getVetoMatchAnswer(app.matchEngine, idParam(request.params, 'id'));
    return reply.type('application/json; charset=utf-8').send(answer.body);
  });

  app.post('/api/v1/match/:matchId/map/:mapId', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    const mapId = idParam(request.params, 'mapId', 'Map');
    return selectVetoMap(app.matchEngine, user, matchId, mapId);
  });

  app.get('/api/v1/match/:id/server', async (request) => ({
    data: await getMatchServer(app.matchEngine, idParam(request.params, 'id'), request.user),
  }));
}
