// The active-matches module's front door.
export { activeMatchRoutes } from './active-match.routes.ts';
