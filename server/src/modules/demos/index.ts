// The demos module's front door: server-side demos and server screenshots uploaded by the agent's
// `versus-upload`, the match's demos per map, screenshots asked of the game server (docs/game-servers.md).
export { demoRoutes } from './demos.routes.ts';
export type { DemoRoutesOptions } from './demos.routes.ts';
export { isCod4Demo } from './demo-file.ts';
