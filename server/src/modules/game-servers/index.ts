// The game-servers module's front door.
export { gameServerPlugin } from './game-server.plugin.ts';
export { gameServerRoutes } from './game-server.routes.ts';
export { gameServersOf, poolRuntimeOf } from './game-server.registry.ts';
export { gameServerSubscriber } from './game-server.subscriber.ts';
export { gameServerAdminRoutes } from './hosts.routes.ts';
export type { GameServerService, GameServerStatusView } from './game-server.service.ts';
export type { GameServerProvider, ProvisionedServer, ProvisionRequest } from './game-server.provider.ts';
export { findServerOfMatch } from './game-server.repository.ts';
export { connectionString } from './game-server.provider.ts';
