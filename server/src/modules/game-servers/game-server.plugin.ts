// Builds this app's game server service: the pool of registered servers (`pool`, `embedded`) with its
// monitor and, for the embedded default, the emulated servers and their agents; or the server-per-match
// provider (`simulated`). On ready: resume the simulated servers of matches still in play, start the
// emulators and the monitor. After listen: the embedded agents post to this server. On close: stop them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadCurrentMatch, publishRoomUpdate } from '../matches/index.ts';
import { setGameServers, setPoolRuntime } from './game-server.registry.ts';
import { GameServerService } from './game-server.service.ts';
import { createPoolRuntime } from './pool-runtime.ts';
import { GameServerPool } from './pool.ts';
import { createGameServerProvider } from './providers.ts';
import { SecretBox } from './secret-box.ts';
// The handler of the effect a move or a restore records.
import './server-setup.handler.ts';
import { resolveSecretKey } from './secret-key.ts';

export const gameServerPlugin = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const config = ctx.config.gameServers;
    const key = config.provider === 'simulated' ? null : resolveSecretKey(ctx.config);
    if (config.provider !== 'simulated' && key === null) {
      // A production start without the key cannot read or store rcon passwords: the pool stays off (matches
      // wait with "No server is available", the admin's game-server routes answer 409) until it is set.
      ctx.log.error('GAME_SERVER_SECRET_KEY is not set: the game-server pool is off.');
    }
    const box = key === null ? null : new SecretBox(key);
    const pool = box ? new GameServerPool({ ctx, box }) : null;
    const service = new GameServerService({
      db: ctx.db,
      provider:
        pool || config.provider !== 'simulated' ? null : await createGameServerProvider(config, ctx.now),
      pool,
      now: ctx.now,
      log: ctx.log,
      startupMs: config.simulatedStartupMs,
      queryTimeoutMs: config.queryTimeoutMs,
      onProvisioned: (matchId) => publishRoomUpdate(ctx, matchId, ['server']),
      loadMatch: (matchId) => loadCurrentMatch(ctx, matchId),
    });
    setGameServers(ctx, service);
    const runtime = pool && box ? createPoolRuntime(ctx, pool, box, service) : null;
    setPoolRuntime(ctx, runtime);
    app.addHook('onReady', async () => {
      await service
        .resumeAll()
        .catch((err: unknown) => app.log.error({ err }, 'game servers: resume on boot failed'));
      await runtime?.embedded?.start();
      runtime?.monitor.start();
    });
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (runtime?.embedded && address && typeof address === 'object') {
        runtime.embedded.startAgents(`http://127.0.0.1:${address.port}`);
      }
    });
    app.addHook('onClose', async () => {
      await runtime?.monitor.stop();
      await runtime?.embedded?.stopAll();
      await service.close();
    });
  },
  { name: 'game-servers' },
);
