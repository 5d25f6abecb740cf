// The results module's front door: an admin awards a result or a walkover (`/api/v1/admin/matches/{id}/award`).
export { resultRoutes } from './results.routes.ts';
