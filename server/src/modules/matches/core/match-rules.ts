// The configurable rules every match obeys (docs/match-engine.md): how long an entered score
// waits for an answer, how long a finished match may be disputed, the rating start and the subs limit.
import type { MatchSettings } from '@versus/common/match/state';
import type { Config } from '../../../config.ts';
import type { MatchRecord } from './match-state.mapper.ts';

export interface MatchRules {
  scoreApprovalSeconds: number;
  disputeWindowSeconds: number;
  maxSubsPerSide: number;
  ratingStart: number;
  /** A game server log silent this long no longer shows a map in play (see ../score/match-log.ts). */
  serverLogQuietSeconds: number;
}

export function matchRulesOf(config: Config): MatchRules {
  return {
    scoreApprovalSeconds: config.matches.scoreApprovalSeconds,
    disputeWindowSeconds: config.matches.disputeWindowSeconds,
    maxSubsPerSide: config.matches.maxSubsPerSide,
    ratingStart: config.ratings.start,
    serverLogQuietSeconds: config.matches.serverLogQuietSeconds,
  };
}

/**
 * The record with the configured clocks and limits in its state's settings (the machine reads them there);
 * a competition's own score and dispute windows win over the configured ones.
 */
export function withRules(record: MatchRecord, rules: MatchRules): MatchRecord {
  const settings: MatchSettings = {
    ...record.state.settings,
    scoreApprovalSeconds: record.competition.scoreApprovalSeconds ?? rules.scoreApprovalSeconds,
    disputeWindowSeconds: record.competition.disputeWindowSeconds ?? rules.disputeWindowSeconds,
    maxSubsPerSide: rules.maxSubsPerSide,
  };
  return { ...record, state: { ...record.state, settings } };
}
