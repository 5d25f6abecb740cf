// The scores module's front door.
export { scoreRoutes } from './score.routes.ts';
export { toMapScores } from './score.service.ts';
