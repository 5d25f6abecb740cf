// The subs module's front door.
export { subRoutes } from './sub.routes.ts';
export { subUserIds } from './sub.repository.ts';
