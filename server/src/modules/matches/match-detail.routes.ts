import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors.ts';
import { acceptChallenge, cancelMatch, getMatchDetail, getStatusActions, setReady } from './match.service.ts';
import { idParam, requireUser } from './route-params.ts';

/** The match detail page: its data, the status buttons' flags, and the status commands. */
export async function matchDetailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match-detail/:id', async (request) => ({
    data: await getMatchDetail(app.matchEngine, idParam(request.params, 'id'), request.user),
  }));

  app.get('/api/v1/match-detail/status/:id/actions', async (request) => ({
    data: await getStatusActions(app.matchEngine, idParam(request.params, 'id'), request.user),
  }));

  app.post('/api/v1/match-detail/status/:id/accept', async (request) =>
    acceptChallenge(app.matchEngine, requireUser(request.user), idParam(request.params, 'id')),
  );

  app.post('/api/v1/match-detail/status/:id/cancel', async (request) =>
    cancelMatch(app.matchEngine, requireUser(request.user), idParam(request.params, 'id')),
  );

  app.post<{ Params: { id: string; ready: string } }>(
    '/api/v1/match-detail/status/:id/ready/:ready',
    async (request) => {
      const { ready } = request.params;
      if (ready !== '0' && ready !== '1') throw new NotFoundError();
      return setReady(
        app.matchEngine,
        requireUser(request.user),
        idParam(request.params, 'id'),
        ready === '1',
      );
    },
  );
}
