// The admin module's front door.
export { adminRoutes } from './admin.routes.ts';
export { mapImageRoutes } from './admin-competitions.routes.ts';
