import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validation.ts';
import { requireUser } from '../matches/route-params.ts';
import { changeEntry, getTournamentPage, getTournaments } from './tournament.service.ts';

const entrySchema = z.object({ teamId: z.coerce.number().int().positive().optional() });
type SlugParams = { Params: { slug: string } };

/** Tournaments: list, page with bracket, sign-up and withdrawal (bracket generation is a sweeper step). */
export async function tournamentRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.matchEngine.now();

  app.get('/api/v1/tournaments', async () => getTournaments(app.db, now()));

  app.get<SlugParams>('/api/v1/tournaments/:slug', async (request) =>
    getTournamentPage(app.db, request.params.slug, request.user, now()),
  );

  for (const action of ['signup', 'withdraw'] as const) {
    app.post<SlugParams>(`/api/v1/tournaments/:slug/${action}`, async (request) => {
      const user = requireUser(request.user);
      const { teamId } = parseInput(entrySchema, request.body);
      return changeEntry(app.db, user, request.params.slug, teamId, action, now());
    });
  }
}
