import type { FastifyInstance } from 'fastify';
import { UnauthorizedError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { challengeSchema, ladderParamsSchema } from './challenge.schemas.ts';
import { createChallenge } from './challenge.service.ts';

/** Ladder challenges. Accept, decline and cancel are match commands (see match-detail.routes.ts). */
export async function ladderRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/v1/ladders/:ladderId/challenges', async (request, reply) => {
    if (!request.user) throw new UnauthorizedError();
    const { ladderId } = parseInput(ladderParamsSchema, request.params);
    const input = parseInput(challengeSchema, request.body);
    const match = await createChallenge(app.matchEngine, request.user, ladderId, input);
    return reply.status(201).send({ data: match });
  });
}
