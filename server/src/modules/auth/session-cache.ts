// Resolves session ids to their users without a query per request: each instance keeps a session's user
// for at most `ttlMs` (SESSION_CACHE_TTL_MS). Correctness first:
// - a session that ends (sign-out, password change, sign out everywhere) is dropped on every instance at
//   once (the change bus, over Redis when there are several), so it is refused on the next request;
// - a change of the user's own row through the API (settings, avatar, password) drops their sessions'
//   entries the same way; other changes of the row (a rating after a match) show within `ttlMs`;
// - a lookup that was running when any of this arrived never stores its (possibly older) answer;
// - the session's own expiry is checked on every hit;
// - concurrent lookups of one session share one query.
import type { UserRow } from '../../db/schema/users.ts';

interface Entry {
  user: UserRow;
  expiresAt: number;
  cachedAt: number;
}

export type SessionLookup = (sessionId: string) => Promise<{ user: UserRow; expiresAt: Date } | null>;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<{ user: UserRow; expiresAt: Date } | null>>();
  /** Bumped by every invalidation; a lookup that saw another value stores nothing. */
  private generation = 0;

  constructor(
    private readonly lookup: SessionLookup,
    /** How long an entry is served; 0 = every request queries. */
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The session's user when this instance holds a fresh entry for it, without waiting for anything
   * (undefined: not cached, ask `user`). The request hook answers most requests from here.
   */
  cachedUser(sessionId: string): UserRow | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.clock();
    return now - entry.cachedAt < this.ttlMs && entry.expiresAt > now ? entry.user : undefined;
  }

  /** The session's user, or null when the session does not exist or has expired. */
  async user(sessionId: string): Promise<UserRow | null> {
    const now = this.clock();
    const entry = this.entries.get(sessionId);
    if (entry) {
      if (now - entry.cachedAt < this.ttlMs && entry.expiresAt > now) return entry.user;
      this.entries.delete(sessionId);
    }
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
