// A per-instance cache of the notifications panel's answers: each user's page is read (one statement) and
// encoded once, then answered as bytes until something changes that user's notifications. Correctness
// first:
// - every write of notifications goes through this module (`publishNotifications` after the commit that
//   inserted them, marking seen, deleting), and each drops the users' entries on every instance (the change
//   bus, over Redis when there are several) before it answers or publishes `OnNotificationReceived`, so a
//   panel that refetches on the event gets the new row from any instance;
// - a read that was running when an invalidation arrived never stores its (possibly older) answer, and a
//   request after the invalidation never joins it;
// - whatever else changes the rows (a user deleted, a message lost while Redis was away, a script writing
//   to the database) shows within `ttlMs` (NOTIFICATION_CACHE_TTL_MS).
import type { AppContext } from '../../core/app-context.ts';
import type { ChangeBus } from '../../core/change-bus.ts';
import type { EncodedBody } from '../../lib/etag.ts';

interface Entry {
  body: EncodedBody;
  cachedAt: number;
}

export class NotificationPageCache {
  /** User id → page number → answer. */
  private readonly entries = new Map<number, Map<number, Entry>>();
  private readonly loading = new Map<string, Promise<EncodedBody>>();
  /** Pages held, over every user (bounded by `maxPages`). */
  private pages = 0;
  /** Bumped by every invalidation; a read that saw another value stores nothing. */
  private generation = 0;

  constructor(
    /** How long an answer is served without reading again; 0 turns the cache off. */
    private readonly ttlMs: number,
    /** At most this many pages are held (a page is ~0.3-5 KB): the users seen longest ago go first. */
    private readonly maxPages = 5_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The user's page, from memory when it is there and young enough, else read by `load` (shared). */
  async page(userId: number, page: number, load: () => Promise<EncodedBody>): Promise<EncodedBody> {
    if (this.ttlMs <= 0) return load();
    const ready = this.ready(userId, page);
    if (ready !== null) return ready;
    const key = `${String(userId)}:${String(page)}`;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const ticket = this.generation;
    const started = this.clock();
    const current = load();
    this.loading.set(key, current);
    try {
      const body = await current;
      if (ticket === this.generation) this.store(userId, page, { body, cachedAt: started });
      return body;
    } finally {
      if (this.loading.get(key) === current) this.loading.delete(key);
    }
  }

  /** The user's page when `page` would answer it from memory now (no wait), else null. */
  ready(userId: number, page: number): EncodedBody | null {
    if (this.ttlMs <= 0) return null;
    const entry = this.entries.get(userId)?.get(page);
    return entry && this.clock() - entry.cachedAt < this.ttlMs ? entry.body : null;
  }

  /** Forgets the users' pages, and the reads of them in flight (they still answer their own requests). */
  invalidate(userIds: readonly number[]): void {
    this.generation += 1;
    for (const userId of userIds) {
      this.forget(userId);
      const prefix = `${String(userId)}:`;
      for (const key of [...this.loading.keys()]) if (key.startsWith(prefix)) this.loading.delete(key);
    }
  }

  private forget(userId: number): void {
    this.pages -= this.entries.get(userId)?.size ?? 0;
    this.entries.delete(userId);
  }

  private store(userId: number, page: number, entry: Entry): void {
    const pages = this.entries.get(userId) ?? new Map<number, Entry>();
    // The user moves to the newest end (a Map keeps insertion order).
    this.entries.delete(userId);
    this.entries.set(userId, pages);
    if (!pages.has(page)) this.pages += 1;
    pages.set(page, entry);
    while (this.pages > this.maxPages) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined || oldest === userId) break;
      this.forget(oldest);
    }
  }
}

interface NotificationsState {
  cache: NotificationPageCache;
  changes: ChangeBus | null;
}

const states = new WeakMap<AppContext, NotificationsState>();

function notificationsState(ctx: AppContext): NotificationsState {
  let state = states.get(ctx);
  if (!state) {
    state = { cache: new NotificationPageCache(ctx.config.notificationCacheTtlMs), changes: null };
    states.set(ctx, state);
  }
  return state;
}

/** This app's cache of panel answers. */
export function notificationPageCache(ctx: AppContext): NotificationPageCache {
  return notificationsState(ctx).cache;
}

/** Hears the other instances' `notifications-changed` and tells them this one's (done once, in app.ts). */
export function connectNotificationChanges(ctx: AppContext, changes: ChangeBus): void {
  const state = notificationsState(ctx);
  state.changes = changes;
  changes.subscribe((message) => {
    if (message.type === 'notifications-changed') state.cache.invalidate(message.userIds);
  });
}

/**
 * The users' notifications changed (committed): drops their cached pages here and on every instance,
 * resolving once the others could know (never rejects).
 */
export async function notificationsChanged(ctx: AppContext, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const state = notificationsState(ctx);
  if (state.changes) await state.changes.publish({ type: 'notifications-changed', userIds: ids });
  else state.cache.invalidate(ids);
}
