// Resolves session ids to their users without a query per request: each instance keeps a session's user
// for at most `ttlMs` (SESSION_CACHE_TTL_MS). Correctness first:
// - a session that ends (sign-out, password change, sign out everywhere) is dropped on every instance at
//   once (the change bus, over Redis when there are several), so it is refused on the next request;
// - a change of the user's own row through the API (settings, avatar, password) drops their sessions'
//   entries the same way; other changes of the row (a rating after a match) show within `ttlMs`;
// - a lookup that was running when any of this arrived never stores its (possibly older) answer;
// - the session's own expiry is checked on every hit;
// - concurrent lookups of one session share one query.
// Past `ttlMs` an entry may still answer for `staleMs` more (SESSION_CACHE_STALE_MS) while it is read again in
// the background: the request is not held up, and the rereads of `refreshDelayMs` share one query. So a crowd
// whose sessions went quiet while they watched a match (realtime only, no HTTP) and that refetches at once after
// a broadcast costs one query, not one a viewer on the answer's path. The row read back replaces the entry, or
// removes it when the session is gone; a stale hit is what triggers that reread, so an entry is served stale at
// most until its reread answers (in effect, the requests of one `refreshDelayMs`).
import type { UserRow } from '../../db/schema/users.ts';

interface Entry {
  user: UserRow;
  expiresAt: number;
  cachedAt: number;
}

export type SessionLookup = (sessionId: string) => Promise<{ user: UserRow; expiresAt: Date } | null>;

export interface SessionCacheOptions {
  /** How long an entry is served as it is; 0 = every request queries. */
  ttlMs: number;
  /** How long past `ttlMs` an entry is still served while it is read again (0 = never stale). */
  staleMs?: number;
  /** Rereads of stale entries wait this long, so that a crowd's share one query. */
  refreshDelayMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

/** Rereads of stale entries are gathered for this long by default (a crowd's refetches after a broadcast). */
export const SESSION_REFRESH_DELAY_MS = 1000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<{ user: UserRow; expiresAt: Date } | null>>();
  /** Bumped by every invalidation; a lookup that saw another value stores nothing. */
  private generation = 0;
  /** Stale entries waiting for their reread, and the timer that starts it. */
  private readonly stale = new Set<string>();
  private refreshTimer: NodeJS.Timeout | null = null;
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly refreshDelayMs: number;
  private readonly maxEntries: number;
  private readonly clock: () => number;

  constructor(
    private readonly lookup: SessionLookup,
    options: SessionCacheOptions,
  ) {
    this.ttlMs = options.ttlMs;
    this.staleMs = options.ttlMs > 0 ? (options.staleMs ?? 0) : 0;
    this.refreshDelayMs = options.refreshDelayMs ?? SESSION_REFRESH_DELAY_MS;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * The session's user when this instance holds a fresh (or still servable stale) entry for it, without waiting
   * for anything (undefined: not cached, ask `user`). The request hook answers most requests from here.
   */
  cachedUser(sessionId: string): UserRow | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.clock();
    if (entry.expiresAt <= now) return undefined;
    const age = now - entry.cachedAt;
    if (age < this.ttlMs) return entry.user;
    if (age >= this.ttlMs + this.staleMs) return undefined;
    this.refreshLater(sessionId);
    return entry.user;
  }

  /** The session's user, or null when the session does not exist or has expired. */
  async user(sessionId: string): Promise<UserRow | null> {
    const cached = this.cachedUser(sessionId);
    if (cached) return cached;
    this.entries.delete(sessionId);
    let pending = this.loading.get(sessionId);
    if (!pending) {
      const ticket = this.generation;
      const current = this.lookup(sessionId).finally(() => {
        if (this.loading.get(sessionId) === current) this.loading.delete(sessionId);
      });
      pending = current;
      this.loading.set(sessionId, current);
      void current.then(
        (found) => {
          if (found && ticket === this.generation)
            this.store(sessionId, found.user, found.expiresAt.getTime());
        },
        () => undefined,
      );
    }
    const found = await pending;
    return found && found.expiresAt.getTime() > this.clock() ? found.user : null;
  }

  private store(sessionId: string, user: UserRow, expiresAt: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { user, expiresAt, cachedAt: this.clock() });
  }

  /** Reads a stale entry again once `refreshDelayMs` has gathered the others of its crowd. */
  private refreshLater(sessionId: string): void {
    this.stale.add(sessionId);
    if (this.refreshTimer !== null) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      const ids = [...this.stale];
      this.stale.clear();
      const ticket = this.generation;
      // One lookup each, in one turn: the lookup batches them (session-control.ts).
      for (const id of ids) {
        this.lookup(id).then(
          (found) => {
            if (ticket !== this.generation) return;
            if (found) this.store(id, found.user, found.expiresAt.getTime());
            else this.entries.delete(id);
          },
          () => {
            // Asked again, on the request's path, by the next request.
            if (ticket === this.generation) this.entries.delete(id);
          },
        );
      }
    }, this.refreshDelayMs);
    this.refreshTimer.unref();
  }

  /** Forget these sessions (they ended). */
  dropSessions(sessionIds: readonly string[]): void {
    this.generation += 1;
    this.loading.clear();
    for (const id of sessionIds) this.entries.delete(id);
  }

  /** Forget every session of these users (their row changed). */
  dropUsers(userIds: readonly number[]): void {
    this.generation += 1;
    this.loading.clear();
    const ids = new Set(userIds);
    for (const [sessionId, entry] of this.entries) if (ids.has(entry.user.id)) this.entries.delete(sessionId);
  }

  get size(): number {
    return this.entries.size;
  }
}
