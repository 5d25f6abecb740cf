// Looks for stuck matches every `STUCK_MATCH_CHECK_INTERVAL_MS` and tells every admin once per match and
// stall (docs/admin.md#stuck-matches). Decorates `app.stuckMatches`, which the admin page's list reads too.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StuckMatches } from '../modules/admin/index.ts';
import type { PendingEffectsOf } from '../modules/admin/index.ts';
import { listMatchEffects } from '../modules/effects/index.ts';
import { RepeatingJob } from './repeating-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stuckMatches: StuckMatches;
  }
}

/** The effects outbox's pending and failed effects of these matches, grouped by match. */
const outboxEffects: PendingEffectsOf = async (db, matchIds) => {
  const byMatch = new Map<
    number,
    { kind: string; status: 'pending' | 'failed'; lastError: string | null }[]
  >();
  for (const effect of await listMatchEffects(db, { matchIds, statuses: ['pending', 'failed'] })) {
    if (effect.status === 'done') continue;
    const list = byMatch.get(effect.matchId) ?? [];
    list.push({ kind: effect.kind, status: effect.status, lastError: effect.lastError });
    byMatch.set(effect.matchId, list);
  }
  return byMatch;
};

export const stuckMatchesPlugin = fp(
  async (app: FastifyInstance) => {
    const stuck = new StuckMatches(app.ctx, outboxEffects);
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
