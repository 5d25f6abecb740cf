// The health module's front door.
export { healthRoutes } from './health.routes.ts';
export { check, redisProbe } from './readiness.ts';
