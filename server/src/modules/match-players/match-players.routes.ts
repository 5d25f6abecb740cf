import type { FastifyInstance } from 'fastify';
import { idParam } from '../matches/route-params.ts';
import { getMatchPlayers } from './match-players.service.ts';

/** The player list of the match room (public, like the match page). */
export async function matchPlayersRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match-detail/players/:matchId', async (request) => ({
    data: await getMatchPlayers(app.matchEngine, idParam(request.params, 'matchId')),
  }));
}
