// The match-log module's front door: the game server's log of a match, from the agent's batches through one
// parser to its subscribers (statistics, live score, automatic result); docs/game-servers.md.
export { matchLogRoutes } from './match-log.routes.ts';
export { mintAgentToken } from './agent-token.ts';
export { gameServerForToken, mintGameServerToken } from './match-server-token.ts';
export { lockMatch } from './match-log.repository.ts';
export { appendMatchLog } from './match-log.service.ts';
export type {
  LogBatchResult,
  MatchLogAppended,
  MatchLogBatch,
  MatchLogSubscribers,
} from './match-log-batch.ts';
export { parseLogLine, splitLogText } from './match-log-parser.ts';
export type {
  GameTeam,
  HitEvent,
  InitGameEvent,
  LogActor,
  LogEvent,
  RestoreEvent,
  StoredLogEvent,
} from './match-log-parser.ts';
export {
  forgetRestore,
  insertRestore,
  latestRestore,
  latestRestoreId,
  matchLogEvents,
  recordRestore,
  restorePlanOf,
} from './restore-point.ts';
export type { RestorePlan } from './restore-point.ts';
