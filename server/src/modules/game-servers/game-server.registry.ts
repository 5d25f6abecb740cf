// This app's game server service and pool runtime, kept by the game-servers module per `AppContext` (the
// plugin sets them up; the match room's server box, the match subscriber, the sweeper, the admin routes
// and the demo scenarios use them).
import type { AppContext } from '../../core/app-context.ts';
import type { GameServerService } from './game-server.service.ts';
import type { PoolRuntime } from './pool-runtime.ts';

const services = new WeakMap<AppContext, GameServerService>();
const runtimes = new WeakMap<AppContext, PoolRuntime | null>();

export function setGameServers(ctx: AppContext, service: GameServerService): void {
  services.set(ctx, service);
}

export function gameServersOf(ctx: AppContext): GameServerService {
  const service = services.get(ctx);
  if (!service) throw new Error('The game-servers plugin is not registered on this app.');
  return service;
}

export function setPoolRuntime(ctx: AppContext, runtime: PoolRuntime | null): void {
  runtimes.set(ctx, runtime);
}

/** The pool's monitor, emulators and secret box; null with the `simulated` provider. */
export function poolRuntimeOf(ctx: AppContext): PoolRuntime | null {
  return runtimes.get(ctx) ?? null;
}
