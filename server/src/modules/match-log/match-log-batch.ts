// The shapes of the match log's batches and what its subscribers receive (match-log.service.ts).
import type { Tx } from '../../db/client.ts';
import type { LogEvent, StoredLogEvent } from './match-log-parser.ts';

/** What a stored batch hands its subscribers. */
export interface MatchLogAppended {
  matchId: number;
  gameId: number;
  /** Every event of the match's log so far, in arrival order, this batch's included. */
  events: readonly LogEvent[];
  /** This batch's events. */
  fresh: readonly LogEvent[];
  /** The row id of this stored batch, and of the match's batch before it (null for the first): a subscriber
   *  that keeps state between batches uses it when it covers exactly `previousBatchId`, else rebuilds. */
  lastBatchId: number;
  previousBatchId: number | null;
}

/** The subscribers outside this module, given to it where the app is built. */
export interface MatchLogSubscribers {
  /**
   * In the batch's transaction, under the match's row lock: folds the parsed log into the match's statistics
   * and its maps' log scores. Answers the server names of the match's maps that got statistics.
   */
  statistics(tx: Tx, appended: MatchLogAppended): Promise<string[]>;
}

/** One batch of one match's lines. */
export interface MatchLogBatch {
  matchId: number;
  /** The sender's idempotency key; null means "the SHA-256 of the lines". */
  batchId: string | null;
  lines: string[];
  /** The lines' events when the caller parsed them already (the agent's attribution does), one per line. */
  events?: readonly (LogEvent | null)[];
  now: Date;
}

export interface LogBatchResult {
  batchId: string;
  /** False when this batch had been received before (nothing changed). */
  accepted: boolean;
  lines: number;
  /** Maps of the match the log has statistics for (server map names). */
  maps: string[];
}

/** A stored batch and the parse state to keep once its transaction committed. */
export interface AppendedBatch {
  result: LogBatchResult;
  state: { matchId: number; lastBatchId: number; events: readonly StoredLogEvent[] } | null;
}
