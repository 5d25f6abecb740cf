import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const teamInvitationStatus = pgEnum('team_invitation_status', [
  'pending',
  'accepted',
  'declined',
  'cancelled',
  // The captain took the invitation back before it was answered.
  'withdrawn',
]);

/** A captain's invitation to join a team; answered rows are kept as history. One pending per pair. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: teamInvitationStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: moment('responded_at'),
  },
  (t) => [
    uniqueIndex('team_invitations_pending_unique')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('team_invitations_user_idx').on(t.userId, t.status),
  ],
);

export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
