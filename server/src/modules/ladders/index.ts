// The ladders module's front door.
export { ladderRoutes } from './ladder.routes.ts';
export { insertTeamMatch } from './ladder.repository.ts';
export { createChallenge } from './challenge.service.ts';
export type { NewTeamMatch } from './ladder.repository.ts';
export {
  createSeason,
  listAdminSeasons,
  rollLadderSeasons,
  seasonEndDue,
  seasonStartDue,
} from './ladder-seasons.ts';
