import { index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bans } from './bans.ts';
import { reports } from './reports.ts';
import { users } from './users.ts';

export const moderationActionKind = pgEnum('moderation_action_kind', [
  'report.dismissed',
  'user.warned',
  'user.banned',
  'ban.lifted',
  'appeal.opened',
]);

/** The moderation audit log: every admin action on reports and bans (and each appeal), never edited. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    action: moderationActionKind('action').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    banId: integer('ban_id').references(() => bans.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt)],
);

export type ModerationActionRow = typeof moderationActions.$inferSelect;
