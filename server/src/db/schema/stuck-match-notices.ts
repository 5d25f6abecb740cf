import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { matches } from './matches.ts';

/**
 * The stuck-match reasons admins were already told about: one row per match and reason key (the status and
 * the kind of stall, `2:no-clock`), so the stuck-match check notifies each stall once, on one instance,
 * however many passes see it.
 */
export const stuckMatchNotices = pgTable(
  'stuck_match_notices',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    reasonKey: varchar('reason_key', { length: 96 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.reasonKey] })],
);

export type StuckMatchNoticeRow = typeof stuckMatchNotices.$inferSelect;
