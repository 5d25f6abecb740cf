import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { demos } from './demos.ts';
import { matches } from './matches.ts';
import { screenshots } from './screenshots.ts';
import { users } from './users.ts';

/** What a player reports another for (the list is `REPORT_CATEGORIES` in common/src/moderation/). */
export const reportCategory = pgEnum('report_category', ['cheating', 'abuse', 'griefing', 'other']);

/** `open` until an admin acts: dismissed, warned (a notification) or banned. */
export const reportStatus = pgEnum('report_status', ['open', 'dismissed', 'warned', 'banned']);

/** A player's report of another, with its optional evidence (a match, its map and round, a demo, a screenshot). */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: reportCategory('category').notNull(),
    text: text('text').notNull(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    mapName: varchar('map_name', { length: 64 }),
    round: smallint('round'),
    demoId: integer('demo_id').references(() => demos.id, { onDelete: 'set null' }),
    screenshotId: integer('screenshot_id').references(() => screenshots.id, { onDelete: 'set null' }),
    status: reportStatus('status').notNull().default('open'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: moment('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterUserId, t.status),
    index('reports_reported_idx').on(t.reportedUserId),
    check('reports_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
