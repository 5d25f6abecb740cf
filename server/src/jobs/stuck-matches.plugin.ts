// Looks for stuck matches every `STUCK_MATCH_CHECK_INTERVAL_MS` and tells every admin once per match and
// stall (docs/admin.md#stuck-matches). Decorates `app.stuckMatches`, which the admin page's list reads too.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StuckMatches } from '../modules/admin/index.ts';
import { RepeatingJob } from './repeating-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stuckMatches: StuckMatches;
  }
}

export const stuckMatchesPlugin = fp(
  async (app: FastifyInstance) => {
    // The effects outbox's pending and failed effects are wired here once it exists (`useEffects`).
    const stuck = new StuckMatches(app.ctx);
    app.decorate('stuckMatches', stuck);
    const job = new RepeatingJob(
      'stuck-matches',
      app.ctx.config.stuckMatches.checkIntervalMs,
      () => stuck.notifyNew(app.ctx.now()),
      app.ctx.log,
    );
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  },
  { name: 'stuck-matches' },
);
