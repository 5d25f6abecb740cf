import type { FastifyInstance } from 'fastify';
import { getMatchServer } from '../game-servers/game-server-info.service.ts';
import { getVetoMatch, selectVetoMap } from './match.service.ts';
import { idParam, requireUser } from './route-params.ts';

/** The veto-shaped match, a veto turn, and the match's game server box. */
export async function matchRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match/:id', async (request) => ({
    data: await getVetoMatch(app.matchEngine, idParam(request.params, 'id')),
  }));

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
