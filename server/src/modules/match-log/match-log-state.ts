// The per-match parse state: the events of a match's log as far as this instance has parsed it, so a batch
// parses only its own lines. Kept in memory and keyed by the newest stored batch it covers: when that is
// not the match's newest batch before the one being stored (a restart, another instance stored a batch, a
// trusted caller wrote without this state, a rolled-back batch), the state is rebuilt from the stored log.
import type { StoredLogEvent } from './match-log-parser.ts';

/** How many matches' parsed logs one instance keeps (matches in play at once, with room to spare). */
const MAX_MATCHES = 200;

interface ParsedMatchLog {
  /** The row id of the newest stored batch these events include. */
  lastBatchId: number;
  events: readonly StoredLogEvent[];
}

export class MatchLogStates {
  private readonly byMatch = new Map<number, ParsedMatchLog>();

  /** The match's parsed events when they cover exactly the stored log up to batch `lastBatchId`. */
  eventsUpTo(matchId: number, lastBatchId: number): readonly StoredLogEvent[] | null {
    const state = this.byMatch.get(matchId);
    return state && state.lastBatchId === lastBatchId ? state.events : null;
  }

  /** Keeps the match's parsed log after its batch committed (the least recently stored match goes first). */
  remember(matchId: number, lastBatchId: number, events: readonly StoredLogEvent[]): void {
    this.byMatch.delete(matchId);
    this.byMatch.set(matchId, { lastBatchId, events });
    if (this.byMatch.size > MAX_MATCHES) {
      const oldest = this.byMatch.keys().next().value;
      if (oldest !== undefined) this.byMatch.delete(oldest);
    }
  }
}
