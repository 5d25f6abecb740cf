import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** Team rosters. Exactly one captain per team is enforced by a partial unique index. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isCaptain: boolean('is_captain').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_unique').on(t.teamId, t.userId),
    uniqueIndex('team_members_one_captain')
      .on(t.teamId)
      .where(sql`${t.isCaptain}`),
    index('team_members_user_idx').on(t.userId),
  ],
);

export type TeamMemberRow = typeof teamMembers.$inferSelect;
