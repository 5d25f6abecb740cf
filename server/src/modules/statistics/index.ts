// The statistics module's front door: the log ingest and statistics routes, the score proposals taken
// from a match's log, game server log tokens, and the simulated log of demo matches.
export { statisticsRoutes } from './statistics.routes.ts';
export { proposedScores } from './proposed-scores.ts';
export type { ProposedMapScore } from './proposed-scores.ts';
export { gameServerForToken, mintGameServerToken } from '../match-log/index.ts';
export { demoGuid, recordSimulatedMatchLog } from './simulated-log.ts';
export { matchSummary } from './stats.repository.ts';
export { applyLogBatch } from '../match-log/index.ts';
export type { LogBatchResult } from '../match-log/index.ts';
export { generateMatchLog } from './log-generator.ts';
export type { GeneratedMapResult, GeneratedPlayer } from './log-generator.ts';
export { summarizeLog } from './log-stats.ts';
export { matchMapsWithNames } from './stats.repository.ts';
export { mapScore, resolveIdentities } from './player-ids.ts';
export {
  accountsByGuid,
  insertBatch,
  lockMatch,
  matchLogLines,
  matchRoster,
  replaceMatchStatistics,
  type NewPlayerMapStats,
} from './stats.repository.ts';
