// The matches module's front door: everything other modules may use. Anything not exported here is
// private to matches (the ESLint rule in eslint.config.js refuses imports of it from other modules).
//
// - Commands: `runMatchCommand` (a person's command: lock, decide, commit, publish) and, for a caller that
//   holds its own transaction (the sweeper), `applyInTransaction` then `publishOutcome`.
// - Reads: `readMatch` (404 when missing, configured rules applied), `readMatchForView` (the same from this
//   instance's read cache, for GETs that write nothing; never mutate it) and `loadMatch` (null when
//   missing; `lock: true` inside a transaction).
// - Events: `matchSubscriber` / `subscribeToMatches` (see match-events.ts) for modules that react to
//   match changes.
export { matchDetailRoutes } from './match-detail.routes.ts';
export { matchRoutes } from './match.routes.ts';
export { applyInTransaction, runMatchCommand } from './match-runner.ts';
export type { Applied, CommandSource } from './match-runner.ts';
export { publishOutcome } from './match-effects.ts';
export { matchDetailUpdate, publishRoomUpdate } from './match-reads.ts';
export { domainErrorToHttp } from './match-errors.ts';
export { matchSubscriber } from './match-events.ts';
export type {
  AfterCommit,
  CommandOutcome,
  MatchChange,
  MatchEvent,
  MatchEventOf,
  MatchEventType,
  MatchSubscriber,
} from './match-events.ts';
export { subscribeToMatches } from './match-module.ts';
export type { MatchRules } from './match-rules.ts';
export { actorOf, readMatch, readMatchForView, viewerOf } from './match.service.ts';
export { loadMatch } from './match.repository.ts';
export { readServerLog } from './match-log.ts';
export type { CompetitionInfo, MapInfo, MatchRecord, TeamInfo } from './match-state.mapper.ts';
export { matchSkills, matchWinProbability } from './match-skills.ts';
