import { CONTROL_CHARACTERS } from '@versus/common/api/primitives';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors.ts';

/**
 * A path segment holding a control character (`/teams/%00`) names nothing: 404 before any route looks it up,
 * whichever way the route reads its params (PostgreSQL cannot even compare text holding NUL).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const params = request.params as Record<string, unknown> | null;
      if (params) {
        for (const key in params) {
          const value = params[key];
          if (typeof value === 'string' && CONTROL_CHARACTERS.test(value))
            throw new NotFoundError('Not found.');
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);
