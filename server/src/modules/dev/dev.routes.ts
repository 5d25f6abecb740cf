import type { FastifyInstance } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { requireUser } from '../matches/route-params.ts';
import { isScenarioName, SCENARIO_NAMES, stageScenario } from './scenarios.ts';

/**
 * Development helpers, registered only outside production. `npm run scenario` calls this through the
 * running server, because embedded PGlite admits one process.
 */
export async function devRoutes(app: FastifyInstance, options: { storage: FileStorage }): Promise<void> {
  app.post<{ Params: { name: string } }>('/api/v1/dev/scenarios/:name', async (request, reply) => {
    const user = requireUser(request.user);
    if (user.role !== 'admin') throw new ForbiddenError('Only admins can stage scenarios.');
    const { name } = request.params;
    if (!isScenarioName(name)) {
      throw new NotFoundError(`Unknown scenario "${name}". Known: ${SCENARIO_NAMES.join(', ')}.`);
    }
    return reply
      .status(201)
      .send({ data: await stageScenario(app.matchEngine, name, { storage: options.storage }) });
  });
}
