// Runs this instance's effects worker while the app is up: on ready it carries out every pending effect
// (after the game servers resumed, so their handlers find their servers), then sleeps until the next pending
// effect is due (at least EFFECTS_INTERVAL_MS, at most IDLE_CAP_MS); on close it waits for a pass in flight
// and for the detached runs.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EffectsWorker, setEffectsWorker } from './effects.worker.ts';

export const effectsPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = new EffectsWorker(app.ctx, app.ctx.config.effects.intervalMs);
    setEffectsWorker(app.ctx, worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'effects', dependencies: ['game-servers'] },
);
