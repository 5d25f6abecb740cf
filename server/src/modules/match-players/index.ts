// The match-players module's front door.
export { matchPlayersRoutes } from './match-players.routes.ts';
