// A per-instance cache of the public pages' reads (team page, ladder standings, tournament bracket, player
// profile): what every viewer sees is read and encoded once, then answered from memory; what depends on the
// viewer is a small entry of its own or a separate encoded body per kind of viewer. A second cache of the same
// kind holds the answers that belong to one signed-in user (the Active games panel), cleared with the first.
// Correctness first:
// - the writes these pages show drop every entry on every instance before they answer or publish an event
//   (`pagesChanged`: a match's committed change, a solo-queue match formed, a roster or team change, a ladder
//   join, a tournament sign-up, withdrawal or check-in, a ban; and the bus's `users-changed` for a user's own
//   settings), so a page refetched on the event, from any instance, shows the change;
// - a read that was running when an invalidation arrived never stores its (possibly older) answer, and a
//   request after the invalidation never joins it;
// - whatever else changes the rows (an admin's edit, a script writing to the database, a message lost while
//   Redis was away) shows within `ttlMs` (PAGE_CACHE_TTL_MS): an entry past that time is answered once more
//   while it is read again in the background (so a busy page never waits for the database), and one not
//   asked for during a second `ttlMs` is read before answering;
// - an answer built from other entries (a page from the team's rows) is keyed by their `stamp`s or contents, so it is
//   never older than they are.
// Entries are bounded by their total size (`maxBytes`): the ones used longest ago go first.
import type { ChangeBus } from './change-bus.ts';

interface Entry {
  value: unknown;
  /** Monotonic ms after which the entry is read again. */
  expiresAt: number;
  /** Epoch ms (the app's clock) from which the value no longer holds, if any. */
  validUntil: number | null;
  bytes: number;
}

/** Background reads of entries past their time, at most at once. */
const MAX_REFRESHING = 2;

let stamps = 0;

/** A number no other read had: a value's identity, for the keys of what is built from it. */
export function newStamp(): number {
  return (stamps += 1);
}

export interface PageCacheLoad<T> {
  value: T;
  /** Rough size in bytes (a JSON body's length), for the memory bound. */
  bytes: number;
  /** Epoch ms after which the value no longer holds whatever happens (a ban ending), if any. */
  validUntil?: number | null;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { ticket: number; promise: Promise<unknown> }>();
  private bytes = 0;
  /** Background reads running (at most `MAX_REFRESHING`). */
  private refreshing = 0;
  /** When the entries nobody asked for during two `ttlMs` are next dropped (monotonic ms). */
  private sweepAt = 0;
  /** Bumped by every invalidation; a read that saw another value stores nothing. */
  private generation = 0;

  constructor(
    /** How long an entry is served without reading again; 0 turns the cache off. */
    private readonly ttlMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly clock: () => number = () => performance.now(),
    private readonly wallClock: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The current generation: pass it to `get` when the value is built from entries read before. */
  ticket(): number {
    return this.generation;
  }

  /**
   * The value under `key`, from memory while it is young enough, else read by `load` (shared). `since`: the
   * `ticket()` taken before reading what `load` builds on; after an invalidation since then nothing is stored.
   */
  async get<T>(key: string, load: () => Promise<PageCacheLoad<T>>, since?: number): Promise<T> {
    if (this.ttlMs <= 0) return (await load()).value;
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry) {
      const holds = entry.validUntil === null || this.wallClock() < entry.validUntil;
      if (holds && now < entry.expiresAt + this.ttlMs) {
        // Most recently used at the newest end (a Map keeps insertion order).
        this.entries.delete(key);
        this.entries.set(key, entry);
        // Past its time (and nothing invalidated it): answered once more while it is read again, a few
        // at a time (the requests' own queries, a session's, must not queue behind a burst of them).
        const due = now >= entry.expiresAt && (since === undefined || since === this.generation);
        if (due && this.refreshing < MAX_REFRESHING && !this.loading.has(key)) {
          this.refreshing += 1;
          this.start(key, load, this.generation, now)
            .catch(() => undefined)
            .finally(() => {
              this.refreshing -= 1;
            });
        }
        return entry.value as T;
      }
      this.drop(key);
    }
    const ticket = since ?? this.generation;
    const pending = this.loading.get(key);
    if (pending && pending.ticket === ticket) return (await pending.promise) as T;
    return this.start(key, load, ticket, now);
  }

  /** Reads `key` (shared by the requests that come while it runs); stores it unless invalidated since `ticket`. */
  private async start<T>(
    key: string,
    load: () => Promise<PageCacheLoad<T>>,
    ticket: number,
    now: number,
  ): Promise<T> {
    const pending = this.loading.get(key);
    if (pending && pending.ticket === ticket) return (await pending.promise) as T;
    const current = load().then((loaded) => {
      if (ticket === this.generation) this.store(key, loaded, now);
      return loaded.value;
    });
    this.loading.set(key, { ticket, promise: current });
    try {
      return await current;
    } finally {
      if (this.loading.get(key)?.promise === current) this.loading.delete(key);
    }
  }

  /** Forgets every entry, and the reads in flight (they still answer their own requests). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  /** Entries held (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Drops what would be read again before answering anyway (answers built from older reads among them). */
  private sweep(now: number): void {
    this.sweepAt = now + this.ttlMs;
    for (const [key, entry] of this.entries) if (now >= entry.expiresAt + this.ttlMs) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  private store(key: string, loaded: PageCacheLoad<unknown>, startedAt: number): void {
    const validUntil = loaded.validUntil ?? null;
    if (validUntil !== null && validUntil <= this.wallClock()) return;
    this.drop(key);
    if (startedAt >= this.sweepAt) this.sweep(startedAt);
    if (loaded.bytes > this.maxBytes) return;
    this.entries.set(key, {
      value: loaded.value,
      // Up to a quarter later at random, so the pages read together are not all read again together.
      expiresAt: startedAt + this.ttlMs * (1 + Math.random() / 4),
      validUntil,
      bytes: loaded.bytes,
    });
    this.bytes += loaded.bytes;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }
}

interface PagesState {
  cache: PageCache;
  /**
   * The answers that belong to one signed-in user (the Active games panel), cleared with the pages: bounded on
   * their own, so that many users' small entries never push a public page out.
   */
  userCache: PageCache;
  changes: ChangeBus | null;
}

/** Bytes the per-user answers may hold (an Active games page is ~0.3-3 KB: some thousands of users). */
const USER_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * What the cache needs of the app's context (`AppContext` has it; named here so that the users module, which the
 * realtime routes import, does not import the context).
 */
export interface PageCacheContext {
  readonly config: { readonly pageCacheTtlMs: number };
  /** Epoch ms, the app's clock. */
  readonly now: () => number;
}

const states = new WeakMap<PageCacheContext, PagesState>();

function pagesState(ctx: PageCacheContext): PagesState {
  let state = states.get(ctx);
  if (!state) {
    const ttlMs = ctx.config.pageCacheTtlMs;
    state = {
      cache: new PageCache(ttlMs, undefined, undefined, ctx.now),
      userCache: new PageCache(ttlMs, USER_CACHE_BYTES, undefined, ctx.now),
      changes: null,
    };
    states.set(ctx, state);
  }
  return state;
}

/** This app's cache of page reads. */
export function pageCache(ctx: PageCacheContext): PageCache {
  return pagesState(ctx).cache;
}

/**
 * This app's cache of answers that belong to one signed-in user (the key names the user), dropped whenever
 * the pages are (`pagesChanged`, `pages-changed`, `users-changed`).
 */
export function userPageCache(ctx: PageCacheContext): PageCache {
  return pagesState(ctx).userCache;
}

function clearAll(state: PagesState): void {
  state.cache.clear();
  state.userCache.clear();
}

/**
 * Hears the other instances' `pages-changed` (and `users-changed`: a name, flag or avatar the pages show)
 * and tells them this one's. Done once per app (the page routes call it; later calls do nothing).
 */
export function connectPageChanges(ctx: PageCacheContext, changes: ChangeBus): void {
  const state = pagesState(ctx);
  if (state.changes) return;
  state.changes = changes;
  changes.subscribe((message) => {
    if (message.type === 'pages-changed' || message.type === 'users-changed') clearAll(state);
  });
}

/**
 * Something the pages show changed (committed): drops every cached page here and on every instance,
 * resolving once the others could know (never rejects).
 */
export async function pagesChanged(ctx: PageCacheContext): Promise<void> {
  const state = pagesState(ctx);
  if (!state.cache.enabled) return;
  if (state.changes) await state.changes.publish({ type: 'pages-changed' });
  else clearAll(state);
}
