// What the rest of the server asks of sessions: who a cookie belongs to (through the per-instance cache)
// and ending sessions, on every instance at once, with their sockets.
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../core/change-bus.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { SessionCache } from './session-cache.ts';
import { deleteSession, deleteUserSessions, findSession, findSessions } from './session.repository.ts';
import type { SessionLookup } from './session-cache.ts';

/** Sessions looked up in one turn of the event loop share one query (or more, at most this many each). */
const BATCH_MAX = 500;

/**
 * Session lookups, batched: the cache misses of one event-loop turn (a crowd refetching at once after a
 * broadcast) are resolved by one `WHERE id IN (...)` query instead of one query each. A lone lookup
 * waits for nothing but the end of the turn.
 */
function batchedLookup(db: Db): SessionLookup {
  let waiting = new Map<string, ((found: Awaited<ReturnType<SessionLookup>>) => void)[]>();
  let failing: ((error: unknown) => void)[] = [];
  let scheduled = false;
  const run = () => {
    const batch = waiting;
    const fail = failing;
    waiting = new Map();
    failing = [];
    scheduled = false;
    const ids = [...batch.keys()];
    if (ids.length === 1) {
      const [id = ''] = ids;
      findSession(db, id, new Date()).then(
        (found) => {
          for (const resolve of batch.get(id) ?? []) resolve(found);
        },
        (error: unknown) => {
          for (const reject of fail) reject(error);
        },
      );
      return;
    }
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH_MAX) chunks.push(ids.slice(i, i + BATCH_MAX));
    for (const chunk of chunks) {
      findSessions(db, chunk, new Date()).then(
        (found) => {
          for (const id of chunk) for (const resolve of batch.get(id) ?? []) resolve(found.get(id) ?? null);
        },
        (error: unknown) => {
          for (const reject of fail) reject(error);
        },
      );
    }
  };
  return (sessionId) =>
    new Promise((resolve, reject) => {
      waiting.set(sessionId, [...(waiting.get(sessionId) ?? []), resolve]);
      failing.push(reject);
      if (!scheduled) {
        scheduled = true;
        setImmediate(run);
      }
    });
}

/** The part of the realtime service sessions need (`app.realtime`). */
export interface SessionSockets {
  disconnectSessions(userId: number, sessionIds: readonly string[]): Promise<void>;
}

export interface SessionControl {
  /** The user of a live session, from this instance's cache while it is fresh. */
  userOf(sessionId: string): Promise<UserRow | null>;
  /** The same from this instance's cache alone, at once (undefined: not cached, ask `userOf`). */
  cachedUserOf(sessionId: string): UserRow | undefined;
  /** Ends one session of the user (sign-out): refused on every instance from now on, its sockets closed. */
  end(userId: number, sessionId: string): Promise<void>;
  /** Ends every session of the user except `keep` (null: all); returns how many ended. */
  endAllOf(userId: number, keep: string | null): Promise<number>;
  /** The user's row changed: every instance reloads it for their sessions. */
  userChanged(userId: number): Promise<void>;
}

export function createSessionControl(parts: {
  db: Db;
  changes: ChangeBus;
  /** Read at call time: the realtime plugin registers after the session plugin. */
  sockets: () => SessionSockets;
  cacheTtlMs: number;
  /** How long past `cacheTtlMs` an entry still answers while it is read again (SESSION_CACHE_STALE_MS). */
  cacheStaleMs: number;
  log: FastifyBaseLogger;
}): SessionControl {
  const { db, changes, log } = parts;
  const cache = new SessionCache(batchedLookup(db), {
    ttlMs: parts.cacheTtlMs,
    staleMs: parts.cacheStaleMs,
  });
  changes.subscribe((message) => {
    if (message.type === 'sessions-ended') cache.dropSessions(message.sessionIds);
    else if (message.type === 'users-changed') cache.dropUsers(message.userIds);
  });

  const ended = async (userId: number, sessionIds: string[]) => {
    if (sessionIds.length === 0) return;
    await changes.publish({ type: 'sessions-ended', sessionIds });
    await parts
      .sockets()
      .disconnectSessions(userId, sessionIds)
      .catch((err: unknown) => log.warn({ err }, 'realtime: could not end the sockets of ended sessions'));
  };

  return {
    userOf: (sessionId) => cache.user(sessionId),
    cachedUserOf: (sessionId) => cache.cachedUser(sessionId),
    async end(userId, sessionId) {
      await deleteSession(db, sessionId);
      await ended(userId, [sessionId]);
    },
    async endAllOf(userId, keep) {
      const ids = await deleteUserSessions(db, userId, keep);
      await ended(userId, ids);
      return ids.length;
    },
    async userChanged(userId) {
      await changes.publish({ type: 'users-changed', userIds: [userId] });
    },
  };
}
