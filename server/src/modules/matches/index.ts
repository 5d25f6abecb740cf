// The match room's front door: everything other modules may use. The room is one module with a folder per
// phase or part (core/, ready/, lineup/, pick/, location/, veto/, score/, dispute/, subs/, chat/, players/,
// detail/; docs/architecture.md); its folders import each other freely, but anything not exported here is
// private to the room (the ESLint rule in eslint.config.js refuses imports of it from other modules).
//
// - Commands: `runMatchCommand` (a person's command: lock, decide, commit, publish) and, for a caller that
//   holds its own transaction (the sweeper), `applyInTransaction` then `publishOutcome`.
// - Reads: `readMatch` (404 when missing, configured rules applied), `readMatchForView` (the same from this
//   instance's read cache, for GETs that write nothing; never mutate it) and `loadMatch` (null when
//   missing; `lock: true` inside a transaction), `loadCurrentMatch` (after a commit: the match row read, the
//   rows around it from the read cache while its version holds).
// - Events: `matchSubscriber` / `subscribeToMatches` (see match-events.ts) for modules that react to
//   match changes.
// - Routes of the room's parts, the location countdown and the pick's subscriber, registered by
//   app.ts and match-subscribers.ts.
export { matchDetailRoutes } from './detail/match-detail.routes.ts';
export { readyRoutes } from './ready/ready.routes.ts';
export { lineupRoutes } from './lineup/lineup.routes.ts';
export { scheduleRoutes } from './schedule/schedule.routes.ts';
export { vetoRoutes } from './veto/veto.routes.ts';
export { pickRoutes } from './pick/pick.routes.ts';
export { pickSubscriber } from './pick/pick.subscriber.ts';
export { locationCountdownPlugin } from './location/location-countdown.plugin.ts';
export { locationRoutes, pingRoutes } from './location/location.routes.ts';
export { claimJobTick } from './location/location.repository.ts';
export { scoreRoutes } from './score/score.routes.ts';
export { disputeRoutes } from './dispute/dispute.routes.ts';
export { mayFollowDispute, openDispute } from './dispute/dispute.service.ts';
export { subRoutes } from './subs/sub.routes.ts';
export { chatRoutes } from './chat/chat.routes.ts';
export { CHAT_TEXTS } from './chat/chat.service.ts';
export { matchPlayersRoutes } from './players/match-players.routes.ts';
export { applyInTransaction, runMatchCommand } from './core/match-runner.ts';
export type { Applied, CommandSource } from './core/match-runner.ts';
export { publishOutcome } from './core/match-effects.ts';
export { loadCurrentMatch, matchDetailUpdate, publishRoomUpdate } from './core/match-reads.ts';
export { domainErrorToHttp } from './core/match-errors.ts';
export { matchSubscriber } from './core/match-events.ts';
export type {
  AfterCommit,
  CommandOutcome,
  MatchChange,
  MatchEvent,
  MatchEventOf,
  MatchEventType,
  MatchSubscriber,
} from './core/match-events.ts';
export { subscribeToMatches } from './core/match-module.ts';
export type { MatchRules } from './core/match-rules.ts';
export { actorOf, readMatch, readMatchForView, viewerOf } from './core/match.service.ts';
export { loadMatch } from './core/match.repository.ts';
export { readServerLog } from './score/match-log.ts';
export type { CompetitionInfo, MapInfo, MatchRecord, TeamInfo } from './core/match-state.mapper.ts';
export { matchSkills, matchWinProbability } from './core/match-skills.ts';
