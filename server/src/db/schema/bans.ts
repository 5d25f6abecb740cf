import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { reports } from './reports.ts';
import { users } from './users.ts';

/** The evidence a ban keeps: the report's, copied, so it stays when the report or its files go. */
export interface BanEvidence {
  reportId?: number;
  category?: string;
  text?: string;
  matchId?: number | null;
  mapName?: string | null;
  round?: number | null;
  demoId?: number | null;
  screenshotId?: number | null;
}

/**
 * Bans: `endsAt` null is for good. A ban is in force while it is not lifted and its end is ahead; an
 * admin's lift keeps the row (and its evidence) for the record.
 */
export const bans = pgTable(
  'bans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    evidence: jsonb('evidence').$type<BanEvidence>().notNull().default({}),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    liftedAt: moment('lifted_at'),
    liftedByUserId: integer('lifted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bans_user_idx').on(t.userId),
    check('bans_reason_length', sql`char_length(${t.reason}) between 1 and 2000`),
  ],
);

export type BanRow = typeof bans.$inferSelect;
