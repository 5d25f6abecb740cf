import { CONTROL_CHARACTERS } from '@versus/common/api/primitives';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors.ts';

/** 404 when a param holds a control character; a route-level `preValidation` hook. */
function guardParams(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const params = request.params as Record<string, unknown> | null;
  if (params) {
    for (const key in params) {
      const value = params[key];
      if (typeof value === 'string' && CONTROL_CHARACTERS.test(value)) throw new NotFoundError('Not found.');
    }
  }
  done();
}

/**
 * A path segment holding a control character (`/teams/%00`) names nothing: 404 before any route looks it up,
 * whichever way the route reads its params (PostgreSQL cannot even compare text holding NUL). Checked on the
 * routes that have params (`:id`, `*`), before their own hooks; a path without params has nothing to check.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.includes(':') && !route.url.includes('*')) return;
      const own = route.preValidation;
      route.preValidation = own === undefined ? [guardParams] : [guardParams, ...[own].flat()];
    });
  },
  { name: 'input-guard' },
);
