import type { FastifyInstance } from 'fastify';
import { pageFromQuery } from '../../lib/pagination.ts';
import { requireUser } from '../matches/route-params.ts';
import { userActiveMatches } from './active-match.service.ts';

/** The header's Active games panel. A static path: it wins over `/api/v1/match/:id`. */
export async function activeMatchRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/match/user-active-matches', async (request) => {
    const user = requireUser(request.user);
    return userActiveMatches(app.db, user.id, pageFromQuery(request.query));
  });
}
