import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { matches } from './matches.ts';

/** Where an effect stands: `pending` until a handler carried it out (`done`) or gave up (`failed`). */
export type MatchEffectStatus = 'pending' | 'done' | 'failed';

/**
 * The effects outbox (docs/match-engine.md#effects-outbox): what a committed match change owes the world
 * outside the database (start a game server, release it, ...), written in the change's own transaction and
 * carried out after commit by the effects worker, with retries. `(match_id, kind, key)` is the idempotency
 * key: recording the same effect twice leaves one row. `next_attempt_at` is when a worker may claim it
 * (after a failure: the backoff; while a worker runs it: its lease).
 */
export const matchEffects = pgTable(
  'match_effects',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    key: varchar('key', { length: 128 }).notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 16 }).$type<MatchEffectStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: moment('done_at'),
  },
  (t) => [
    uniqueIndex('match_effects_idempotency_idx').on(t.matchId, t.kind, t.key),
    // The worker's claim: pending effects by when they are due.
    index('match_effects_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('match_effects_match_idx').on(t.matchId),
  ],
);

export type MatchEffectRow = typeof matchEffects.$inferSelect;
