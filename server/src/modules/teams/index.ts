// The teams module's front door.
export { teamRoutes } from './team.routes.ts';
