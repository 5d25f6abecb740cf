// The anticheat module's front door.
export { anticheatClient, anticheatClientOf, anticheatRoutes } from './anticheat.routes.ts';
export { recordHeartbeat } from './anticheat.service.ts';
export type { HeartbeatInput } from './anticheat.service.ts';
export { anticheatStatuses } from './anticheat-status.ts';
export type { AnticheatStatus } from './anticheat-status.ts';
export { userForAnticheatToken } from './anticheat-token.ts';
export { matchAndPlayer } from './anticheat.repository.ts';
