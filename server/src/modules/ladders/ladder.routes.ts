import type { FastifyInstance } from 'fastify';
import { UnauthorizedError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { challengeSchema, ladderParamsSchema } from './challenge.schemas.ts';
import { createChallenge } from './challenge.service.ts';
import { z } from 'zod';
import { getLadderPage, getLadders, joinLadder } from './ladder.service.ts';
import { requireUser } from '../matches/route-params.ts';

const joinSchema = z.object({ teamId: z.coerce.number().int().positive().optional() });
type KeyParams = { Params: { slug: string } };

/**
 * Ladders: the list, a ladder's standings (by slug or id), joining, and challenges. Accept, decline and
 * cancel of a challenge are match commands (see match-detail.routes.ts).
 */
export async function ladderRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/ladders', async () => getLadders(app.db));

  app.get<KeyParams>('/api/v1/ladders/:slug', async (request) =>
    getLadderPage(app.db, request.params.slug, request.user),
  );

  app.post<KeyParams>('/api/v1/ladders/:slug/join', async (request, reply) => {
    const user = requireUser(request.user);
    const { teamId } = parseInput(joinSchema, request.body);
    const start = app.config.ratings.start;
    const result = await joinLadder(app.db, user, request.params.slug, teamId, start, app.matchEngine.now());
    return reply.status(201).send(result);
  });

  app.post('/api/v1/ladders/:ladderId/challenges', async (request, reply) => {
    if (!request.user) throw new UnauthorizedError();
    const { ladderId } = parseInput(ladderParamsSchema, request.params);
    const input = parseInput(challengeSchema, request.body);
    const match = await createChallenge(app.matchEngine, request.user, ladderId, input);
    return reply.status(201).send({ data: match });
  });
}
