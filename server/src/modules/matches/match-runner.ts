// Runs one command against one match: lock the row, load the state, `decide`, store the new state and
// the notifications in the same transaction, commit, and only then publish the events. People's
// requests and the sweeper both come through here, so they obey the same rules and the same lock.
import { domainError } from '@versus/common/match/errors';
import type { DomainError } from '@versus/common/match/errors';
import type { MatchCommand } from '@versus/common/match/commands';
import type { MatchEvent } from '@versus/common/match/events';
import { decide } from '@versus/common/match/machine';
import type { MatchState } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { writeMatchNotifications } from '../notifications/match-notifications.ts';
import { settleRatings } from '../ratings/ratings.service.ts';
import { advanceTournament } from '../tournaments/bracket.service.ts';
import type { MatchEngine } from './match-engine.ts';
import { domainErrorToHttp } from './match-errors.ts';
import { publishOutcome } from './match-effects.ts';
import { DEFAULT_MATCH_RULES, withRules } from './match-rules.ts';
import type { MatchRules } from './match-rules.ts';
import { saveMatch } from './match-persist.repository.ts';
import { loadMatch } from './match.repository.ts';
import type { MatchRecord } from './match-state.mapper.ts';

/** A committed change: the match after it (with the rows presenters need) and what it caused. */
export interface CommandOutcome {
  record: MatchRecord;
  events: MatchEvent[];
  notifications: NotificationRow[];
}

export type Applied =
  { ok: true; outcome: CommandOutcome; before: MatchState } | { ok: false; error: DomainError };

/** A command, or a function that builds it from the locked state (the sweeper's "the step due now"). */
export type CommandSource = MatchCommand | ((match: MatchState) => MatchCommand | null);

/**
 * The transactional half: call inside a transaction; writes nothing when the command is refused. Ratings
 * follow a finish or a cancellation here, in the same transaction as the status change.
 */
export async function applyInTransaction(
  tx: Tx,
  matchId: number,
  source: CommandSource,
  now: number,
  rules: MatchRules = DEFAULT_MATCH_RULES,
): Promise<Applied> {
  const loaded = await loadMatch(tx, matchId, { lock: true });
  if (!loaded) return { ok: false, error: domainError('not-found', 'Match not found.') };
  const record = withRules(loaded, rules);
  const command = typeof source === 'function' ? source(record.state) : source;
  if (!command) return { ok: false, error: domainError('stale', 'Nothing is due for this match.') };
  const decision = decide(record.state, command, now);
  if (!decision.ok) return decision;
  const author = 'actor' in command ? command.actor.userId : null;
  await saveMatch(tx, record, decision.match, now, { userId: author });
  await settleRatings(tx, record, decision.match, decision.events, rules, now);
  const notifications = await writeMatchNotifications(tx, decision.match, decision.events, now);
  notifications.push(...(await advanceTournament(tx, decision.match, decision.events, now)));
  return {
    ok: true,
    outcome: { record: { ...record, state: decision.match }, events: decision.events, notifications },
    before: record.state,
  };
}

/**
 * Runs a person's command; a refusal is thrown as the matching HTTP error. `alsoWrite` stores rows that
 * belong to the change (a dispute's ticket) in the same transaction; throwing there rolls it all back.
 */
export async function runMatchCommand(
  engine: MatchEngine,
  matchId: number,
  source: CommandSource,
  alsoWrite?: (tx: Tx, outcome: CommandOutcome, before: MatchState) => Promise<void>,
): Promise<CommandOutcome> {
  const now = engine.now();
  const applied = await engine.db.transaction(async (tx) => {
    const result = await applyInTransaction(tx, matchId, source, now, engine.rules);
    if (result.ok && alsoWrite) await alsoWrite(tx, result.outcome, result.before);
    return result;
  });
  if (!applied.ok) throw domainErrorToHttp(applied.error);
  await publishOutcome(engine, applied.outcome);
  return applied.outcome;
}
