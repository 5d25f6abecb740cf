// The match-log module's front door: the game server's log of a match, from the agent's batches to the
// statistics, the live score and the automatic result (docs/game-servers.md).
export { agentRoutes } from './match-log.routes.ts';
export { mintAgentToken } from './agent-token.ts';
export { gameServerForToken, mintGameServerToken } from './match-server-token.ts';
export { applyLogBatch, ingestLogBatch } from './match-log.service.ts';
export type { LogBatchResult } from './match-log.service.ts';
export { parseLogLine, splitLogText } from './match-log-parser.ts';
export type { GameTeam, HitEvent, LogActor, LogEvent } from './match-log-parser.ts';
