// The statistics module's front door: the statistics routes, the match log's statistics subscriber, the
// score proposals taken from a match's log, and the simulated log of demo matches.
export { statisticsRoutes } from './statistics.routes.ts';
export { proposedScores } from './proposed-scores.ts';
export type { ProposedMapScore } from './proposed-scores.ts';
export { demoGuid, recordSimulatedMatchLog } from './simulated-log.ts';
export { matchSummary } from './stats.repository.ts';
export { createMatchLogStatistics, matchLogStatistics } from './match-log-statistics.ts';
export { generateMatchLog } from './log-generator.ts';
export type { GeneratedMapResult, GeneratedPlayer } from './log-generator.ts';
export { MatchLogFold, summarizeEvents, summarizeLog } from './log-stats.ts';
export { matchMapsWithNames } from './stats.repository.ts';
