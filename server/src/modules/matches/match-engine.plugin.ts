// Builds the match engine of this app instance (clock, broadcaster, game servers) and its deadline
// sweeper. On ready: resume the simulated servers of matches still in play, start sweeping. On close:
// stop the sweeper (waiting for a pass in flight), then shut the game servers of this process down.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { MatchSweeper } from '../../jobs/match-sweeper.ts';
import { createGameServerProvider } from '../game-servers/game-server.provider.ts';
import { GameServerService } from '../game-servers/game-server.service.ts';
import type { MatchEngine } from './match-engine.ts';
import { matchRulesOf } from './match-rules.ts';
import { VetoReadCache } from './veto-read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    matchSweeper: MatchSweeper;
  }
}

export interface MatchEngineOptions {
  config: Config;
  /** The clock (epoch ms); tests pass a fake one. */
  now?: () => number;
}

export const matchEnginePlugin = fp(
  async (app: FastifyInstance, options: MatchEngineOptions) => {
    const now = options.now ?? Date.now;
    const { gameServers: gs, matches } = options.config;
    const provider = await createGameServerProvider(gs, now);
    const gameServers = new GameServerService({
      db: app.db,
      provider,
      now,
      log: app.log,
      startupMs: gs.simulatedStartupMs,
      queryTimeoutMs: gs.queryTimeoutMs,
    });
    const engine: MatchEngine = {
      db: app.db,
      now,
      broadcaster: app.broadcaster,
      gameServers,
      log: app.log,
      newMatchHandlingFrom: matches.newMatchHandlingFrom,
      rules: matchRulesOf(options.config),
      vetoCache: new VetoReadCache(matches.readCacheTtlMs),
    };
    const sweeper = new MatchSweeper(engine, matches.sweepIntervalMs);
    app.decorate('matchEngine', engine);
    app.decorate('matchSweeper', sweeper);

    app.addHook('onReady', async () => {
      await gameServers
        .resumeAll()
        .catch((err: unknown) => app.log.error({ err }, 'game servers: resume on boot failed'));
      sweeper.start();
    });
    app.addHook('onClose', async () => {
      await sweeper.stop();
      await gameServers.close();
    });
  },
  { name: 'match-engine', dependencies: ['realtime'] },
);
