// The effects outbox's front door (docs/match-engine.md#effects-outbox): record an effect in your
// transaction, register the handler of its kind, and read what is still owed.
export { effectsPlugin } from './effects.plugin.ts';
export { listMatchEffects, recordEffect } from './effects.repository.ts';
export type { NewMatchEffect } from './effects.repository.ts';
export {
  BACKOFF_BASE_MS,
  DEFAULT_RETRY_POLICY,
  MAX_ATTEMPTS,
  backoffMs,
  effectsSettled,
  effectsWorkerOf,
  registerEffectHandler,
  runEffectsNow,
  startEffectsNow,
} from './effects.worker.ts';
export type { EffectHandler, RetryPolicy } from './effects.worker.ts';
