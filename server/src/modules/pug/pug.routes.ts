import type { FastifyInstance } from 'fastify';
import { idParam, requireUser } from '../matches/route-params.ts';
import { getPugData, selectPlayer } from './pug.service.ts';

/** The Player Picker: pug data for anyone, picks by the captain whose turn it is. */
export async function pugRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/pug/:matchId/users', async (request) => ({
    data: await getPugData(app.matchEngine, idParam(request.params, 'matchId')),
  }));

  app.post('/api/v1/pug/:matchId/select/:userId', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    const playerUserId = idParam(request.params, 'userId', 'Player');
    return selectPlayer(app.matchEngine, user, matchId, playerUserId);
  });
}
