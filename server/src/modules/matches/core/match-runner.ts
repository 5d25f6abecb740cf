// Runs one command against one match: lock the row, load the state, `decide`, store the new state, let
// the in-transaction subscribers write what follows from it (ratings, notifications, the bracket),
// commit, and only then publish. People's requests and the sweeper both come through here, so they obey
// the same rules and the same lock.
import { domainError } from '@versus/common/match/errors';
import type { DomainError } from '@versus/common/match/errors';
import type { MatchCommand } from '@versus/common/match/commands';
import { decide } from '@versus/common/match/machine';
import { sideState } from '@versus/common/match/state';
import type { MatchState } from '@versus/common/match/state';
import { currentVetoTurn } from '@versus/common/match/veto';
import type { AppContext } from '../../../core/app-context.ts';
import type { Tx } from '../../../db/client.ts';
import type { PublishOptions } from '../../../realtime/index.ts';
import { needsAvailability, withAvailabilityRead } from '../../league-rules/index.ts';
import { publishOutcome } from './match-effects.ts';
import { domainErrorToHttp } from './match-errors.ts';
import { runInTransaction } from './match-events.ts';
import type { CommandOutcome, MatchChange } from './match-events.ts';
import { matchModule } from './match-module.ts';
import { withRules } from './match-rules.ts';
import { saveMatch, saveMatchAndOneMap } from './match-persist.repository.ts';
import { loadMatch, teamMapPreferences } from './match.repository.ts';
import { readServerLog } from '../score/match-log.ts';
import { toMatchState } from './match-state.mapper.ts';
import type { MatchParts, MatchRecord } from './match-state.mapper.ts';

export type Applied = { ok: true; outcome: CommandOutcome } | { ok: false; error: DomainError };

/**
 * A command, or a function that builds it from the locked match: the sweeper's "the step due now", or a
 * command that needs rows read under the lock (a substitute's candidates).
 */
export type CommandSource =
  | MatchCommand
  | ((
      match: MatchState,
      locked: { tx: Tx; record: MatchRecord },
    ) => MatchCommand | null | Promise<MatchCommand | null>);

/**
 * A veto timeout follows the saved map preferences of the team due (see veto.ts): read here, under the
 * row lock, so a preference saved a moment ago counts and no cached rows can hide it.
 */
async function withVetoPreferences(
  tx: Tx,
  record: MatchRecord,
  command: MatchCommand,
): Promise<MatchCommand> {
  if (command.type !== 'veto.timeout' || command.preferences !== undefined) return command;
  const turn = currentVetoTurn(record.state);
  const teamId = turn === null ? null : sideState(record.state, turn.side).teamId;
  const preferences = await teamMapPreferences(tx, teamId, record.competition.mapPoolId);
  return { ...command, preferences };
}

/**
 * What a command needs read under the lock besides the match: a veto timeout the team's preferences, a
 * captain's score and the approval deadline the game server's log (the log outranks a hand-entered score,
 * see common/src/match/server-log.ts), and the league rules' facts (team sizes, players playing another
 * match, read under the players' locks: see league-rules). Read fresh: log batches change it without going
 * through here.
 */
async function withLockedReads(
  ctx: AppContext,
  tx: Tx,
  record: MatchRecord,
  command: MatchCommand,
  now: number,
): Promise<MatchCommand> {
  if ((command.type === 'score.submit' || command.type === 'score.timeout') && command.log === undefined) {
    return { ...command, log: await readServerLog(tx, record, matchModule(ctx).rules, now) };
  }
  return withAvailabilityRead(tx, record.state, await withVetoPreferences(tx, record, command));
}

/** The transactional half: call inside a transaction; writes nothing when the command is refused. */
export async function applyInTransaction(
  ctx: AppContext,
  tx: Tx,
  matchId: number,
  source: CommandSource,
  now: number,
): Promise<Applied> {
  const { rules, readCache } = matchModule(ctx);
  const known = readCache.known(matchId);
  // A person's command on a match this instance knows (its read cache): decided on the known rows and
  // written with `UPDATE matches ... WHERE version = <known>`, which takes the row lock and checks in one
  // statement that nobody changed the match since. Anything else (another version, a refusal that a
  // fresher state might not give, a command built under the lock, a command the league rules decide with
  // facts read under the players' locks, which come after the row lock) goes the locked way below.
  if (known && typeof source !== 'function' && !needsAvailability(source)) {
    const cached = withRules(toMatchState(known), rules);
    const command = await withLockedReads(ctx, tx, cached, source, now);
    const decision = decide(cached.state, command, now);
    if (decision.ok) {
      const author = 'actor' in command ? command.actor.userId : null;
      const saved = await saveMatch(tx, cached, decision.match, now, { userId: author }, known.row.version);
      if (saved !== 'stale') return withSubscribers(ctx, tx, cached, decision, saved, now);
    }
  }
  // This instance's last known rows of the match: when its version is still the locked row's, only the
  // match row is read (see loadMatch).
  const loaded = await loadMatch(tx, matchId, { lock: true, reuse: known });
  if (!loaded) return { ok: false, error: domainError('not-found', 'Match not found.') };
  const before = withRules(loaded, rules);
  const built = typeof source === 'function' ? await source(before.state, { tx, record: before }) : source;
  if (!built) return { ok: false, error: domainError('stale', 'Nothing is due for this match.') };
  const command = await withLockedReads(ctx, tx, before, built, now);
  const decision = decide(before.state, command, now);
  if (!decision.ok) return decision;
  const author = 'actor' in command ? command.actor.userId : null;
  const saved = await saveMatch(tx, before, decision.match, now, { userId: author });
  if (saved === 'stale') throw new Error(`Match ${String(matchId)} changed under its row lock`);
  return withSubscribers(ctx, tx, before, decision, saved, now);
}

/** After the new state is written: the in-transaction subscribers, and what the cache may keep. */
async function withSubscribers(
  ctx: AppContext,
  tx: Tx,
  before: MatchRecord,
  decision: Extract<ReturnType<typeof decide>, { ok: true }>,
  saved: MatchParts | null,
  now: number,
): Promise<Applied> {
  const { rules, subscribers } = matchModule(ctx);
  const change: MatchChange = {
    ctx,
    before,
    record: { ...before, state: decision.match },
    events: decision.events,
    now,
    rules,
  };
  const afterCommit = await runInTransaction(tx, subscribers, change);
  // Finishes and cancellations let subscribers write to the match (ratings, the bracket): not known here.
  const subscribersWrote = decision.events.some(
    (e) => e.type === 'MatchFinished' || e.type === 'MatchCancelled',
  );
  const stored = saved && !subscribersWrote ? withRules(toMatchState(saved), rules) : null;
  return { ok: true, outcome: { ...change, afterCommit, stored } };
}

/**
 * A veto ban or pick on a match this instance knows, when all it changes is the match row and one map row
 * and no in-transaction subscriber acts on its events (every turn but the veto's last): decided on the
 * known rows and written by one statement that commits on its own, only while the match row still has the
 * known version (see `saveMatchAndOneMap`). Null when the command is not of that kind, the decision is a
 * refusal (a fresher state might not give it) or the version moved: then the transaction below runs, with
 * nothing written here.
 */
async function applyInOneStatement(
  ctx: AppContext,
  matchId: number,
  source: CommandSource,
  now: number,
): Promise<Applied | null> {
  if (typeof source === 'function' || source.type !== 'veto.select') return null;
  const { rules, readCache, subscribers } = matchModule(ctx);
  const known = readCache.known(matchId);
  if (!known) return null;
  const cached = withRules(toMatchState(known), rules);
  const decision = decide(cached.state, source, now);
  if (!decision.ok) return null;
  const types = new Set(decision.events.map((e) => e.type));
  if (subscribers.some((s) => s.inTransaction && s.events.some((type) => types.has(type)))) return null;
  const author = { userId: source.actor.userId };
  const saved = await saveMatchAndOneMap(ctx.db, cached, decision.match, now, author, known.row.version);
  if (saved === null || saved === 'stale') return null;
  const change: MatchChange = {
    ctx,
    before: cached,
    record: { ...cached, state: decision.match },
    events: decision.events,
    now,
    rules,
  };
  return { ok: true, outcome: { ...change, afterCommit: [], stored: withRules(toMatchState(saved), rules) } };
}

/**
 * Runs a person's command; a refusal is thrown as the matching HTTP error. `alsoWrite` stores rows that
 * belong to the change (a dispute's ticket) in the same transaction; throwing there rolls it all back.
 * `requester` (`exceptRequester(request)`), for a command whose answer carries what changed: the
 * broadcasts of that same change leave the requesting tab out (see `MatchChange.requester`).
 */
export async function runMatchCommand(
  ctx: AppContext,
  matchId: number,
  source: CommandSource,
  alsoWrite?: (tx: Tx, outcome: CommandOutcome) => Promise<void>,
  requester?: PublishOptions,
): Promise<CommandOutcome> {
  const now = ctx.now();
  const applied =
    (alsoWrite ? null : await applyInOneStatement(ctx, matchId, source, now)) ??
    (await ctx.db.transaction(async (tx) => {
      const result = await applyInTransaction(ctx, tx, matchId, source, now);
      if (result.ok && alsoWrite) await alsoWrite(tx, result.outcome);
      return result;
    }));
  if (!applied.ok) throw domainErrorToHttp(applied.error);
  const outcome = requester ? { ...applied.outcome, requester } : applied.outcome;
  await publishOutcome(outcome);
  return outcome;
}
