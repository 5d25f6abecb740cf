// Carries out recorded effects after commit: right after the change that recorded them (`runNow`, or
// `runDetached` so the change's answer does not wait for them), when a retry falls due, and at start
// (everything pending, so a process killed between a commit and its effect loses nothing). Each effect is
// claimed with `FOR UPDATE SKIP LOCKED` and a lease, run by the handler registered for its kind, then marked
// done; a failure is tried again after an exponential backoff and marked failed when its kind's retry policy
// gives up (MAX_ATTEMPTS by default). Between passes the worker sleeps until the earliest pending effect is due
// (read after each pass), woken sooner by this instance's own failures and recordings, and at most
// IDLE_CAP_MS, so an idle instance does not query every second.
import type { AppContext } from '../../core/app-context.ts';
import type { MatchEffectRow } from '../../db/schema/index.ts';
import {
  claimDueEffect,
  makeAllPendingDue,
  markEffectDone,
  markEffectFailed,
  nextDueAt,
} from './effects.repository.ts';

/**
 * Carries out one effect. Must be idempotent: a handler may run again for an effect it already carried
 * out (the process died before the effect was marked done, or a lease ran out on a slow handler).
 */
export type EffectHandler = (ctx: AppContext, effect: MatchEffectRow) => Promise<void>;

/**
 * When a failed effect is tried again: `retryAt` returns the moment of the next attempt after the
 * effect's `attempts` failed ones, or null to give up (the effect is marked failed). A kind without a
 * policy of its own follows DEFAULT_RETRY_POLICY; webhook deliveries keep trying for a day.
 */
export interface RetryPolicy {
  retryAt(effect: MatchEffectRow, now: number, ctx: AppContext): number | null;
}

/** MAX_ATTEMPTS attempts, BACKOFF_BASE_MS doubling up to BACKOFF_CAP_MS. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retryAt: (effect, now) => (effect.attempts >= MAX_ATTEMPTS ? null : now + backoffMs(effect.attempts)),
};

const handlers = new Map<string, { handler: EffectHandler; policy: RetryPolicy }>();

/**
 * Registers the handler of a kind of effect (one per kind; a later registration replaces it), with the
 * kind's retry policy (the default one when absent).
 */
export function registerEffectHandler(
  kind: string,
  handler: EffectHandler,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): void {
  handlers.set(kind, { handler, policy });
}

/** Attempts before an effect is marked failed. */
export const MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** How long a claimed effect is kept from other workers while its handler runs. */
export const LEASE_MS = 60_000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * The longest the worker sleeps between two passes when nothing it knows of is due sooner: within it, effects
 * this instance did not record or time itself (another instance's, a killed instance's lease, a test's
 * `defer`) are picked up.
 */
export const IDLE_CAP_MS = 10_000;

export class EffectsWorker {
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (Date.now() time); Infinity without a timer. */
  private timerAt = Number.POSITIVE_INFINITY;
  /** The timer's passes, in flight or queued behind one: never two at once. */
  private pass: Promise<void> | null = null;
  /** Runs started by `runDetached` and not finished yet: `stop()` waits for them. */
  private readonly detached = new Set<Promise<void>>();
  private stopped = false;

  /**
   * `intervalMs` (EFFECTS_INTERVAL_MS) is the shortest wait before a pass (0: no timer, only the start's pass);
   * an idle worker waits up to `max(intervalMs, IDLE_CAP_MS)`.
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly intervalMs: number,
  ) {}

  /**
   * At start: with the embedded database (one process owns the data) every pending effect is due now,
   * leases of a killed process included; then one pass, then the timer.
   */
  async start(): Promise<void> {
    if (this.ctx.config.databaseUrl === null) await makeAllPendingDue(this.ctx.db, this.ctx.now());
    await this.runDue().catch((err: unknown) => this.ctx.log.error({ err }, 'effects: start pass failed'));
    await this.scheduleNextDue();
  }

  /** Stops the timer and waits for its pass in flight and for every detached run. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.pass;
    await Promise.all([...this.detached]);
  }

  /**
   * Something is due at `at` (the app's clock): the timer fires then, or sooner if it was set sooner, never
   * before `intervalMs` nor after the idle cap. A no-op without a timer (`intervalMs` 0) or once stopping.
   */
  wakeAt(at: number): void {
    if (this.stopped || this.intervalMs <= 0) return;
    const delay = Math.min(Math.max(at - this.ctx.now(), this.intervalMs), this.idleCapMs());
    const fireAt = Date.now() + delay;
    if (this.timer && this.timerAt <= fireAt) return;
    this.clearTimer();
    this.timerAt = fireAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      // A pass still in flight (a slow handler) is followed by this one, never run beside it.
      const pass: Promise<void> = (this.pass ?? Promise.resolve())
        .then(() => this.timedPass())
        .finally(() => {
          if (this.pass === pass) this.pass = null;
        });
      this.pass = pass;
    }, delay);
    this.timer.unref();
  }

  private idleCapMs(): number {
    return Math.max(this.intervalMs, IDLE_CAP_MS);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  private async timedPass(): Promise<void> {
    if (this.stopped) return;
    await this.runDue().catch((err: unknown) => this.ctx.log.error({ err }, 'effects: pass failed'));
    await this.scheduleNextDue();
  }

  /** Reads when the earliest pending effect is due and sleeps until then (the idle cap when none is). */
  private async scheduleNextDue(): Promise<void> {
    if (this.stopped || this.intervalMs <= 0) return;
    const next = await nextDueAt(this.ctx.db).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'effects: reading the next due effect failed');
      return null;
    });
    this.wakeAt(next ?? this.ctx.now() + this.idleCapMs());
  }

  /** Runs the effects due at `now` (only `ids` when given); returns how many were attempted. */
  async runDue(now: number = this.ctx.now(), ids?: readonly number[]): Promise<number> {
    if (ids?.length === 0) return 0;
    let attempted = 0;
    // Among `ids`, each is claimed at most once at `now` (a claim leases it past `now`, a failure's retry is
    // later still): after as many claims as ids there is nothing left to look for.
    const most = ids ? new Set(ids).size : Number.POSITIVE_INFINITY;
    while (attempted < most) {
      const effect = await claimDueEffect(this.ctx.db, now, LEASE_MS, ids);
      if (!effect) return attempted;
      attempted += 1;
      await this.run(effect, now);
    }
    return attempted;
  }

  /** The effects just recorded by a committed change, carried out now (as before the outbox). */
  runNow(ids: readonly number[]): Promise<number> {
    return this.runDue(this.ctx.now(), ids);
  }

  /**
   * Starts `runNow(ids)` without waiting for it; a failure is logged (each effect's own failure is
   * already recorded for a retry). Once stopping, nothing starts: the effects stay pending for the next
   * start's pass (or another instance's worker).
   */
  runDetached(ids: readonly number[]): void {
    if (ids.length === 0 || this.stopped) return;
    // A failure wakes the timer for its retry (`run`); a lost claim (another instance's) needs nothing.
    const run: Promise<void> = this.runNow(ids)
      .then(() => undefined)
      .catch((err: unknown) =>
        this.ctx.log.error({ err, effectIds: ids }, 'effects: run after commit failed'),
      )
      .finally(() => this.detached.delete(run));
    this.detached.add(run);
  }

  /** Resolves once every detached run has finished, those started while waiting included. */
  async idle(): Promise<void> {
    while (this.detached.size > 0) await Promise.all([...this.detached]);
  }

  private async run(effect: MatchEffectRow, now: number): Promise<void> {
    const { ctx } = this;
    const registered = handlers.get(effect.kind);
    try {
      if (!registered) throw new Error(`No handler for match effect "${effect.kind}".`);
      await registered.handler(ctx, effect);
      await markEffectDone(ctx.db, effect.id, ctx.now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt = (registered?.policy ?? DEFAULT_RETRY_POLICY).retryAt(effect, now, ctx);
      const giveUp = retryAt === null;
      await markEffectFailed(ctx.db, effect.id, message, retryAt);
      if (retryAt !== null) this.wakeAt(retryAt);
      const where = { err, effectId: effect.id, matchId: effect.matchId, kind: effect.kind };
      if (giveUp) ctx.log.error({ ...where, attempts: effect.attempts }, 'effects: gave up on an effect');
      else ctx.log.warn({ ...where, retryAt }, 'effects: effect failed, will retry');
    }
  }
}

const workers = new WeakMap<AppContext, EffectsWorker>();

export function setEffectsWorker(ctx: AppContext, worker: EffectsWorker): void {
  workers.set(ctx, worker);
}

/** This app's effects worker (the plugin creates it). */
export function effectsWorkerOf(ctx: AppContext): EffectsWorker {
  const worker = workers.get(ctx);
  if (!worker) throw new Error('The effects plugin is not registered on this app.');
  return worker;
}

/**
 * Starts carrying out the given just-recorded effects and returns at once, so the request that committed
 * them answers without waiting for them (the game servers' provision and release): they finish afterwards,
 * a failure retried by the worker. A no-op on an app without the effects plugin, and with
 * EFFECTS_AFTER_COMMIT=defer (tests), which leaves them to the worker's next pass (woken for them) or the
 * next start.
 */
export function startEffectsNow(ctx: AppContext, ids: readonly number[]): void {
  if (ids.length === 0) return;
  if (ctx.config.effects.afterCommit === 'defer') workers.get(ctx)?.wakeAt(ctx.now());
  else workers.get(ctx)?.runDetached(ids);
}

/**
 * Resolves once the effects started after commits (`startEffectsNow`) have finished: what a player sees when
 * the room's server box fills in. For tests and scripts that act on the provisioned server right after the
 * veto; a no-op on an app without the effects plugin.
 */
export async function effectsSettled(ctx: AppContext): Promise<void> {
  await workers.get(ctx)?.idle();
}

/**
 * Carries out the given just-recorded effects and waits for them, for a caller whose answer says how they
 * went (an admin's server restore); otherwise as `startEffectsNow`.
 */
export async function runEffectsNow(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (ctx.config.effects.afterCommit === 'defer') workers.get(ctx)?.wakeAt(ctx.now());
  else await workers.get(ctx)?.runNow(ids);
}
