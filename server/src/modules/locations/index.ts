// The locations module's front door: the location vote's routes, the `/ping` latency target and the
// countdown ticker.
export { locationCountdownPlugin } from './location-countdown.plugin.ts';
export { locationRoutes, pingRoutes } from './location.routes.ts';
export { claimJobTick } from './location.repository.ts';
