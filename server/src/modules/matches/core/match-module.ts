// What the matches module keeps per app (per `AppContext`) and shows nobody: the configured rules, this
// instance's veto read cache and the subscribers of match events. Created on first use.
import type { AppContext } from '../../../core/app-context.ts';
import type { MatchSubscriber } from './match-events.ts';
import { matchRulesOf } from './match-rules.ts';
import type { MatchRules } from './match-rules.ts';
import { MatchReadCache } from './match-read-cache.ts';

interface MatchModuleState {
  rules: MatchRules;
  /** This instance's cache of loaded matches for reads; dropped for a match after each of its commits. */
  readCache: MatchReadCache;
  subscribers: readonly MatchSubscriber[];
}

const states = new WeakMap<AppContext, MatchModuleState>();

export function matchModule(ctx: AppContext): MatchModuleState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      rules: matchRulesOf(ctx.config),
      readCache: new MatchReadCache(ctx.config.matches.readCacheTtlMs),
      subscribers: [],
    };
    states.set(ctx, state);
  }
  return state;
}

/** Adds subscribers of every match change of this app, after those already there (they run in this order). */
export function subscribeToMatches(ctx: AppContext, subscribers: readonly MatchSubscriber[]): void {
  const state = matchModule(ctx);
  state.subscribers = [...state.subscribers, ...subscribers];
}
