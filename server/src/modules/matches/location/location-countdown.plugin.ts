import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocationCountdown } from './location-countdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    locationCountdown: LocationCountdown;
  }
}

/** Runs this instance's location countdown ticker (see location-countdown.ts) while the app is up. */
export const locationCountdownPlugin = fp(
  async (app: FastifyInstance, options: { intervalMs: number }) => {
    const countdown = new LocationCountdown(app.ctx, options.intervalMs);
    app.decorate('locationCountdown', countdown);
    app.addHook('onReady', async () => countdown.start());
    app.addHook('onClose', async () => countdown.stop());
  },
  { name: 'location-countdown' },
);
