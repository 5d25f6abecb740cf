// A per-instance cache of loaded matches for the match room's reads: each match is loaded once per
// `version` for all viewers, and what every viewer of a kind sees (the veto-shaped match, the detail page
// with or without the chat input) is presented and serialized once per entry; flags that depend on the
// viewer or the clock are shaped from the cached record in memory. Correctness first:
// - this instance drops an entry right after every commit that changes the match, before any broadcast
//   goes out (`publishOutcome`), so a client that refetches after `OnMatchMapChange` / `MatchDetailUpdate`
//   from this instance sees the new state; a finish or a cancellation (ratings move, which other matches
//   show) drops every entry;
// - a change committed by another instance is seen within `ttlMs`: after that an entry is only served
//   again once one primary-key read shows the same `version` (every change of a match bumps it);
// - rows around the match that change without its version (a player's avatar, a rating after another
//   match) are reloaded at least every `maxAgeMs`;
// - a read that started before an invalidation never stores its (possibly older) record.
import type { EncodedBody } from '../../../lib/etag.ts';
import type { MatchParts, MatchRecord } from './match-state.mapper.ts';

/** A presented answer and its serialized JSON body, kept with the entry it was made from. */
export interface Presented<V> {
  view: V;
  body: string;
  /** The body's bytes and entity tag, when the answer is sent with an `ETag` (server/src/lib/etag.ts). */
  encoded?: EncodedBody;
}

export class MatchReadEntry {
  private readonly presented = new Map<string, Presented<unknown>>();

  constructor(
    readonly version: number,
    readonly record: MatchRecord,
    /** When the version was last known to be current (ms, monotonic clock). */
    public checkedAt: number,
    readonly loadedAt: number,
  ) {}

  /** The answer `key` presents from this record, built once. */
  present<P extends Presented<unknown>>(key: string, build: () => P): P {
    let found = this.presented.get(key) as P | undefined;
    if (!found) {
      found = build();
      this.presented.set(key, found);
    }
    return found;
  }
}

export const MATCH_READ_MAX_AGE_MS = 10_000;

export class MatchReadCache {
  private readonly entries = new Map<number, MatchReadEntry>();
  /** Loads in flight, with the generation they started in: concurrent cold reads share one. */
  private readonly loading = new Map<number, { ticket: number; promise: Promise<MatchReadEntry> }>();
  /** Bumped by every invalidation; a load that saw another value stores nothing. */
  private generation = 0;

  constructor(
    /** How long an entry is served without a version check; 0 turns the cache off. */
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly clock: () => number = () => performance.now(),
    private readonly maxAgeMs = MATCH_READ_MAX_AGE_MS,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The entry if it was confirmed current less than `ttlMs` ago. */
  fresh(matchId: number): MatchReadEntry | null {
    const entry = this.entries.get(matchId);
    if (!entry) return null;
    const now = this.clock();
    if (now - entry.loadedAt >= this.maxAgeMs) {
      this.entries.delete(matchId);
      return null;
    }
    return now - entry.checkedAt < this.ttlMs ? entry : null;
  }

  /** The entry if it is still of `version` (refreshing its check time), else null. */
  revalidate(matchId: number, version: number): MatchReadEntry | null {
    const entry = this.entries.get(matchId);
    if (!entry) return null;
    if (entry.version !== version) {
      this.entries.delete(matchId);
      return null;
    }
    entry.checkedAt = this.clock();
    return entry;
  }

  /** The rows of the entry for a read, however long ago its version was checked, while younger than `maxAgeMs`. */
  parts(matchId: number): MatchParts | null {
    const entry = this.entries.get(matchId);
    if (!entry || this.clock() - entry.loadedAt >= this.maxAgeMs) return null;
    return entry.record.parts;
  }

  /**
   * The rows of the entry for a command, whatever their age. A command decides only on what bumps the match's
   * version (the match row and the match's own rows: players, maps, votes), which its write checks, and on facts
   * it reads under the lock (the league rules' availability, veto preferences, the server log); ratings are read
   * under the lock when they move. The rows around the match that age without the version (names, avatars,
   * a team's rating) only show, and the entry a command stores keeps their age (`store`), so readers still
   * reload them within `maxAgeMs`.
   */
  known(matchId: number): MatchParts | null {
    return this.entries.get(matchId)?.record.parts ?? null;
  }

  /**
   * Replaces the entry with the match as this instance just committed it (before anything is broadcast):
   * readers get the new state without a load. Loads in flight store nothing.
   */
  replace(record: MatchRecord): void {
    this.generation += 1;
    this.store(record.row.id, this.generation, record);
  }

  has(matchId: number): boolean {
    return this.entries.has(matchId);
  }

  /** Call before loading; pass the result to `store`. */
  ticket(): number {
    return this.generation;
  }

  store(matchId: number, ticket: number, record: MatchRecord): MatchReadEntry {
    const now = this.clock();
    // Its age is that of the rows around the match row, which a command's load may have reused.
    const entry = new MatchReadEntry(record.row.version, record, now, Math.min(now, record.parts.loadedAt));
    if (!this.enabled || ticket !== this.generation) return entry;
    if (this.entries.size >= this.maxEntries && !this.entries.has(matchId)) {
      // Drop the oldest insertion (Map keeps insertion order): a plain, bounded cache.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(matchId);
    this.entries.set(matchId, entry);
    return entry;
  }

  /**
   * The match's entry: fresh from memory, else confirmed by a version read, else loaded (one load per match
   * at a time: readers that arrive meanwhile share it, unless an invalidation came in between). A fresh
   * entry read in the second half of its `ttlMs` (or in the last `ttlMs` of its max age) is answered at
   * once and checked (or reloaded) in the background, one check per match at a time: a match read without
   * pause never has a reader wait for the database, and what a reader gets stays as current as before.
   */
  async get(
    matchId: number,
    version: (matchId: number) => Promise<number | null>,
    load: (matchId: number) => Promise<MatchRecord>,
  ): Promise<MatchReadEntry> {
    const ready = this.ready(matchId, version, load);
    if (ready) return ready;
    if (this.has(matchId)) {
      const same = await this.check(matchId, version, load);
      if (same) return same;
    }
    return this.load(matchId, load);
  }

  /**
   * `get`'s answer when it needs no wait: the fresh entry (its background check or reload started as `get`
   * starts it), else null. The hot reads (plugins/hot-reads.ts) answer from it before any routing.
   */
  ready(
    matchId: number,
    version: (matchId: number) => Promise<number | null>,
    load: (matchId: number) => Promise<MatchRecord>,
  ): MatchReadEntry | null {
    const fresh = this.fresh(matchId);
    if (!fresh) return null;
    const now = this.clock();
    if (now - fresh.loadedAt >= this.maxAgeMs - this.ttlMs) void this.load(matchId, load).catch(() => null);
    else if (now - fresh.checkedAt >= this.ttlMs / 2)
      void this.check(matchId, version, load).catch(() => null);
    return fresh;
  }

  /** Checks in flight: concurrent readers of a match past its ttl share one version read. */
  private readonly checking = new Map<number, Promise<MatchReadEntry | null>>();

  /** One version read for the entry of `matchId`: the entry if still current; else it is dropped (and reloaded). */
  private check(
    matchId: number,
    version: (matchId: number) => Promise<number | null>,
    load: (matchId: number) => Promise<MatchRecord>,
  ): Promise<MatchReadEntry | null> {
    const inFlight = this.checking.get(matchId);
    if (inFlight) return inFlight;
    const ticket = this.generation;
    const promise = version(matchId).then((current) => {
      // An invalidation meanwhile: this read proves nothing (the reader waiting on it loads).
      if (ticket !== this.generation) return null;
      const same = current === null ? null : this.revalidate(matchId, current);
      if (!same) {
        this.entries.delete(matchId);
        if (current !== null) void this.load(matchId, load).catch(() => null);
      }
      return same;
    });
    this.checking.set(matchId, promise);
    const done = () => {
      if (this.checking.get(matchId) === promise) this.checking.delete(matchId);
    };
    promise.then(done, done);
    return promise;
  }

  /** Loads the match (one load per match and generation at a time) and stores it. */
  private load(matchId: number, load: (matchId: number) => Promise<MatchRecord>): Promise<MatchReadEntry> {
    const inFlight = this.loading.get(matchId);
    if (inFlight && inFlight.ticket === this.generation) return inFlight.promise;
    const ticket = this.generation;
    const promise = load(matchId).then((record) => this.store(matchId, ticket, record));
    const flight = { ticket, promise };
    this.loading.set(matchId, flight);
    const done = () => {
      if (this.loading.get(matchId) === flight) this.loading.delete(matchId);
    };
    promise.then(done, done);
    return promise;
  }

  invalidate(...matchIds: (number | null | undefined)[]): void {
    this.generation += 1;
    for (const id of matchIds) if (id !== null && id !== undefined) this.entries.delete(id);
  }

  /** Drops every entry (ratings moved, which any match may show). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
