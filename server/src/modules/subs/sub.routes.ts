import type { FastifyInstance } from 'fastify';
import { idParam, requireUser } from '../matches/route-params.ts';
import { addSub, getSubAccess, getSubCandidates } from './sub.service.ts';

/** The Add Sub button and modal. */
export async function subRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match-detail/sub/:matchId/access', async (request) => ({
    data: await getSubAccess(app.matchEngine, idParam(request.params, 'matchId'), request.user),
  }));

  app.get('/api/v1/match-detail/sub/:matchId', async (request) => {
    const user = requireUser(request.user);
    return { data: await getSubCandidates(app.matchEngine, idParam(request.params, 'matchId'), user) };
  });

  app.post('/api/v1/match-detail/sub/:matchId/:userId', async (request) => {
    const user = requireUser(request.user);
    const matchId = idParam(request.params, 'matchId');
    const subUserId = idParam(request.params, 'userId', 'User');
    return addSub(app.matchEngine, user, matchId, subUserId);
  });
}
