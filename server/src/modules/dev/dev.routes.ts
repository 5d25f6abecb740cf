import { scenarioAnswer, scenarioParams } from '@versus/common/api/dev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagesChanged } from '../../core/page-cache.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { ALL_SCENARIO_NAMES, isScenarioName, stageScenario } from './scenarios.ts';

/**
 * Development helpers, registered only outside production. `npm run scenario` calls this through the
 * running server, because embedded PGlite admits one process.
 */
export const devRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, options) => {
  app.post(
    '/api/v1/dev/scenarios/:name',
    {
      preValidation: signedIn,
      schema: {
        tags: ['Development'],
        summary: 'Stage a demo match in a named state (admins, development only)',
        params: scenarioParams,
        response: { 201: scenarioAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      if (user.role !== 'admin') throw new ForbiddenError('Only admins can stage scenarios.');
      const { name } = request.params;
      if (!isScenarioName(name)) {
        throw new NotFoundError(`Unknown scenario "${name}". Known: ${ALL_SCENARIO_NAMES.join(', ')}.`);
      }
      const staged = await stageScenario(app.ctx, name, { storage: options.storage, adminId: user.id });
      // Some scenarios write their match straight to the database: the cached pages and panels go.
      await pagesChanged(app.ctx);
      return reply.status(201).send({ data: staged });
    },
  );
};
