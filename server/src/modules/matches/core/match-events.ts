// Typed match events and their subscribers. Every accepted command yields the machine's events
// (`MatchEvent`, common/src/match/events.ts); other modules react to them without `matches` knowing
// them: ratings, tournament brackets, notifications, the player picker and game servers subscribe in
// one place (server/src/match-subscribers.ts), the way lila's game events or Outline's processors work.
//
// Two moments, as the change itself has two:
// - `inTransaction`: inside the command's transaction, after the new state is written, under the
//   match's row lock. Subscribers run one after the other in registration order, each given all of its
//   events of the change in order. Throwing rolls the whole change back. What one returns runs after
//   commit (publishing the rows it wrote).
// - `afterCommit`: once the transaction committed, event by event in the order the machine emitted them
//   (for each event: the match's own broadcast first, then the subscribers in registration order). A
//   failure is logged, never undone: the change is stored and clients refetch on their next event.
import type { MatchEvent, MatchEventType } from '@versus/common/match/events';
import type { AppContext } from '../../../core/app-context.ts';
import type { Tx } from '../../../db/client.ts';
import type { PublishOptions } from '../../../realtime/index.ts';
import type { MatchRules } from './match-rules.ts';
import type { MatchRecord } from './match-state.mapper.ts';

export type { MatchEvent, MatchEventType } from '@versus/common/match/events';

/** The event of one type, e.g. `MatchEventOf<'MatchFinished'>` carries `winnerSide`. */
export type MatchEventOf<T extends MatchEventType> = Extract<MatchEvent, { type: T }>;

/** One accepted change of one match, as subscribers see it. */
export interface MatchChange {
  ctx: AppContext;
  /** The match as it was locked, before the change (configured rules applied). */
  before: MatchRecord;
  /** The same rows with the new state. */
  record: MatchRecord;
  /** Everything the change caused, in the order the machine emitted it. */
  events: readonly MatchEvent[];
  /** When the change happened (epoch ms; for a sweeper timeout, its deadline). */
  now: number;
  rules: MatchRules;
  /**
   * The request that caused the change (a person's click), when its answer carries what changed: the
   * broadcasts that answer already holds leave the requesting tab out (`exceptRequester`). Absent for the
   * sweeper and for commands whose answer carries nothing.
   */
  requester?: PublishOptions;
}

/** Work an in-transaction subscriber leaves for after the commit. */
export type AfterCommit = () => Promise<void>;

/** A reaction to some event types of every match change (see the header for when each part runs). */
export interface MatchSubscriber<T extends MatchEventType = MatchEventType> {
  /** Named in logs. */
  readonly name: string;
  readonly events: readonly T[];
  inTransaction?(tx: Tx, events: MatchEventOf<T>[], change: MatchChange): Promise<AfterCommit | void>;
  afterCommit?(event: MatchEventOf<T>, change: MatchChange): Promise<void>;
}

/**
 * Declares a subscriber: its handlers are checked against its own event types, then it is widened so
 * every subscriber fits one registry. Sound because the runner hands a subscriber only events whose
 * type is in its `events` list (TypeScript cannot see that through `Extract`).
 */
export function matchSubscriber<T extends MatchEventType>(subscriber: MatchSubscriber<T>): MatchSubscriber {
  return subscriber as unknown as MatchSubscriber;
}

/** A committed change, with the work its in-transaction subscribers left for after the commit. */
export interface CommandOutcome extends MatchChange {
  afterCommit: readonly AfterCommit[];
  /**
   * The match as stored by the change (rows from `RETURNING`), for this instance's read cache; null when
   * the runner cannot tell (a substitute joined, or subscribers wrote to the match: a finish or a cancel).
   */
  stored: MatchRecord | null;
}

/** Runs the in-transaction subscribers of a change; returns their after-commit work, in order. */
export async function runInTransaction(
  tx: Tx,
  subscribers: readonly MatchSubscriber[],
  change: MatchChange,
): Promise<AfterCommit[]> {
  const later: AfterCommit[] = [];
  for (const subscriber of subscribers) {
    if (!subscriber.inTransaction) continue;
    const mine = change.events.filter((e) => subscriber.events.includes(e.type));
    if (mine.length === 0) continue;
    const work = await subscriber.inTransaction(tx, mine, change);
    if (work) later.push(work);
  }
  return later;
}
