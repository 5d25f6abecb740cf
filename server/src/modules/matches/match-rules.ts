// The configurable rules every match obeys (see the README's "Match engine"): how long an entered score
// waits for an answer, how long a finished match may be disputed, the Elo constants and the subs limit.
import type { MatchSettings } from '@versus/common/match/state';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../errors.ts';
import type { MatchEngine } from './match-engine.ts';
import { loadMatch } from './match.repository.ts';
import type { MatchRecord } from './match-state.mapper.ts';

export interface MatchRules {
  scoreApprovalSeconds: number;
  disputeWindowSeconds: number;
  maxSubsPerSide: number;
  ratingK: number;
  ratingStart: number;
}

export const DEFAULT_MATCH_RULES: MatchRules = {
  scoreApprovalSeconds: 24 * 60 * 60,
  disputeWindowSeconds: 24 * 60 * 60,
  maxSubsPerSide: 2,
  ratingK: 32,
  ratingStart: 1000,
};

export function matchRulesOf(config: Config): MatchRules {
  return {
    scoreApprovalSeconds: config.matches.scoreApprovalSeconds,
    disputeWindowSeconds: config.matches.disputeWindowSeconds,
    maxSubsPerSide: config.matches.maxSubsPerSide,
    ratingK: config.ratings.k,
    ratingStart: config.ratings.start,
  };
}

/** The record with the configured clocks in its state's settings (the machine reads them there). */
export function withRules(record: MatchRecord, rules: MatchRules): MatchRecord {
  const settings: MatchSettings = {
    ...record.state.settings,
    scoreApprovalSeconds: rules.scoreApprovalSeconds,
    disputeWindowSeconds: rules.disputeWindowSeconds,
  };
  return { ...record, state: { ...record.state, settings } };
}

/** One match for a read, with the configured rules applied (404 when there is none). */
export async function findRuledMatch(engine: MatchEngine, matchId: number): Promise<MatchRecord> {
  const record = await loadMatch(engine.db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  return withRules(record, engine.rules);
}
