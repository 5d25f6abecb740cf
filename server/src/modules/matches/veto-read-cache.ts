// A per-instance cache of the veto-shaped match (`GET /api/v1/match/{id}`), which is the same for every
// viewer: the presented answer and its serialized JSON, keyed by match id, stamped with the match row's
// `version`. Correctness first:
// - this instance drops an entry right after every commit that changes the match, before any broadcast
//   goes out (`publishOutcome`), so a client that refetches after `OnMatchMapChange` / `MatchDetailUpdate`
//   from this instance sees the new state;
// - a change committed by another instance is seen within `ttlMs`: after that an entry is only served
//   again once one primary-key read shows the same `version` (every change of a match bumps it);
// - a read that started before an invalidation never stores its (possibly older) answer.
import type { VetoMatchView } from './veto.presenter.ts';

interface Entry {
  version: number;
  view: VetoMatchView;
  /** `{"data": view}`, ready to send. */
  body: string;
  /** When the version was last known to be current (ms, monotonic clock). */
  checkedAt: number;
}

/** What a read gets back: the answer and its JSON body. */
export type CachedVetoAnswer = Pick<Entry, 'view' | 'body'>;

export class VetoReadCache {
  private readonly entries = new Map<number, Entry>();
  /** Bumped by every invalidation; a load that saw another value stores nothing. */
  private generation = 0;

  constructor(
    /** How long an entry is served without a version check; 0 turns the cache off. */
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The entry if it was confirmed current less than `ttlMs` ago. */
  fresh(matchId: number): CachedVetoAnswer | null {
    const entry = this.entries.get(matchId);
    return entry && this.clock() - entry.checkedAt < this.ttlMs ? entry : null;
  }

  /** The entry if it is still of `version` (refreshing its check time), else null. */
  revalidate(matchId: number, version: number): CachedVetoAnswer | null {
    const entry = this.entries.get(matchId);
    if (!entry) return null;
    if (entry.version !== version) {
      this.entries.delete(matchId);
      return null;
    }
    entry.checkedAt = this.clock();
    return entry;
  }

  has(matchId: number): boolean {
    return this.entries.has(matchId);
  }

  /** Call before loading; pass the result to `store`. */
  ticket(): number {
    return this.generation;
  }

  store(matchId: number, ticket: number, version: number, view: VetoMatchView): CachedVetoAnswer {
    const body = JSON.stringify({ data: view });
    const entry: Entry = { version, view, body, checkedAt: this.clock() };
    if (!this.enabled || ticket !== this.generation) return entry;
    if (this.entries.size >= this.maxEntries && !this.entries.has(matchId)) {
      // Drop the oldest insertion (Map keeps insertion order): a plain, bounded cache.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(matchId, entry);
    return entry;
  }

  invalidate(...matchIds: (number | null | undefined)[]): void {
    this.generation += 1;
    for (const id of matchIds) if (id !== null && id !== undefined) this.entries.delete(id);
  }
}
