import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { gameServers } from './game-servers.ts';
import { matches } from './matches.ts';

/**
 * Batches of `games_mp.log` lines posted by a game server. The unique (server, batch id) makes a resent
 * batch a no-op; `body` keeps the raw lines so the whole match log can be re-parsed in `sequence` order
 * (a kill in one batch may refer to a join in an earlier one).
 */
export const statsLogBatches = pgTable(
  'stats_log_batches',
  {
    id: serial('id').primaryKey(),
    gameServerId: integer('game_server_id')
      .notNull()
      .references(() => gameServers.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** Idempotency key chosen by the sender (or the SHA-256 of the body when it sends none). */
    batchId: varchar('batch_id', { length: 128 }).notNull(),
    sequence: integer('sequence').notNull(),
    body: text('body').notNull(),
    lineCount: integer('line_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stats_log_batches_server_batch_unique').on(t.gameServerId, t.batchId),
    index('stats_log_batches_match_idx').on(t.matchId, t.sequence),
  ],
);

export type StatsLogBatchRow = typeof statsLogBatches.$inferSelect;
