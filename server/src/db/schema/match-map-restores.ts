import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { matches } from './matches.ts';
import { matchMaps } from './match-maps.ts';
import { statsLogBatches } from './stats-log-batches.ts';

/**
 * A map restarted at its score (promod's `<mode>_A:D`): after its server crashed (`crash`), when the match
 * moved to another server (`moved`), or by an admin (`admin`). `attack`/`defence` are the rounds of the side
 * attacking and defending in the next round (what the server was given), `first`/`second` the challenger's
 * and the opponent's rounds. `logBatchId` is the restore marker written into the match log at that point.
 */
export const matchMapRestores = pgTable(
  'match_map_restores',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    matchMapId: integer('match_map_id')
      .notNull()
      .references(() => matchMaps.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 16 }).$type<'crash' | 'moved' | 'admin'>().notNull(),
    attackRounds: smallint('attack_rounds').notNull(),
    defenceRounds: smallint('defence_rounds').notNull(),
    firstScore: smallint('first_score').notNull(),
    secondScore: smallint('second_score').notNull(),
    logBatchId: integer('log_batch_id').references(() => statsLogBatches.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('match_map_restores_match_idx').on(t.matchId, t.at)],
);

export type MatchMapRestoreRow = typeof matchMapRestores.$inferSelect;
