// What runs beside the pool in this process: the monitor (live state, faults, the roster lock) and, for the
// embedded default, the emulated servers with their agents.
import type { AppContext } from '../../core/app-context.ts';
import { EmbeddedServers } from './embedded.ts';
import type { GameServerService } from './game-server.service.ts';
import type { GameServerPool } from './pool.ts';
import { createAbsenceWatch } from './player-absence.ts';
import { createRosterLock } from './roster-lock.ts';
import type { SecretBox } from './secret-box.ts';
import { ServerMonitor } from './server-monitor.ts';

export interface PoolRuntime {
  pool: GameServerPool;
  monitor: ServerMonitor;
  embedded: EmbeddedServers | null;
  box: SecretBox;
}

export function createPoolRuntime(
  ctx: AppContext,
  pool: GameServerPool,
  box: SecretBox,
  gameServers: GameServerService,
): PoolRuntime {
  const gs = ctx.config.gameServers;
  const monitor = new ServerMonitor({
    ctx,
    pool,
    queries: gameServers.queries,
    intervalMs: gs.monitorIntervalMs,
    offlineAfterMs: gs.offlineAfterMs,
    queryTimeoutMs: gs.queryTimeoutMs,
  });
  monitor.listeners.push(createRosterLock(ctx, pool));
  monitor.listeners.push(createAbsenceWatch(ctx));
  const embedded =
    gs.provider === 'embedded'
      ? new EmbeddedServers({
          ctx,
          box,
          pool,
          serversPerLocation: gs.embedded.serversPerLocation,
          maxOnDemand: gs.embedded.maxServers,
          msPerGameSecond: gs.embedded.msPerGameSecond,
        })
      : null;
  return { pool, monitor, embedded, box };
}
