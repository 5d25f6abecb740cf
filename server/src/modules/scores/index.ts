// The scores module's front door.
export { scoreRoutes } from './score.routes.ts';
export { toMapScores } from './score.service.ts';
export { proposedScores } from './proposed-scores.repository.ts';
export type { ProposedMapScore } from './proposed-scores.repository.ts';
