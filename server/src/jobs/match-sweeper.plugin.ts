// Runs this instance's deadline sweeper while the app is up. Registered after the game-servers plugin,
// so on ready the servers are resumed before the first pass, and on close (hooks run in reverse) the
// sweeper stops, waiting for a pass in flight, before the game servers shut down.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MatchSweeper } from './match-sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    matchSweeper: MatchSweeper;
  }
}

export const matchSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    const sweeper = new MatchSweeper(app.ctx, app.ctx.config.matches.sweepIntervalMs);
    app.decorate('matchSweeper', sweeper);
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', async () => sweeper.stop());
  },
  { name: 'match-sweeper', dependencies: ['game-servers'] },
);
