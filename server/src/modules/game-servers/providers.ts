import type { GameServerProvider } from './game-server.provider.ts';

/**
 * The server-per-match provider (`GAME_SERVER_PROVIDER=simulated`); a hosting back end that starts a server
 * per match (a Kubernetes Job, see docs/game-servers.md) gets its case here. `pool` and `embedded` use the
 * pool of registered servers instead (pool.ts).
 */
export async function createGameServerProvider(
  config: { simulatedStartupMs: number },
  now: () => number,
): Promise<GameServerProvider> {
  const { SimulatedGameServerProvider } = await import('./simulated.provider.ts');
  return new SimulatedGameServerProvider({ startupMs: config.simulatedStartupMs, now });
}
