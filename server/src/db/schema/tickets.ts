import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

export const ticketStatus = pgEnum('ticket_status', ['open', 'resolved']);

/** How an admin settled a dispute: a final score (stored on the match) or a cancellation. */
export const ticketResolution = pgEnum('ticket_resolution', ['score', 'cancelled']);

/** Dispute tickets: at most one per match (a unique index), with the admin's resolution. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    openedByUserId: integer('opened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    status: ticketStatus('status').notNull().default('open'),
    /** Status the match had when the dispute opened (4, 8 or 5), in case the admin restores it. */
    previousStatusId: smallint('previous_status_id'),
    resolution: ticketResolution('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: moment('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tickets_match_unique').on(t.matchId),
    index('tickets_status_idx').on(t.status, t.createdAt),
    check('tickets_description_length', sql`char_length(${t.description}) between 1 and 2000`),
    check(
      'tickets_resolved_consistent',
      sql`(${t.status} = 'resolved') = (${t.resolution} is not null and ${t.resolvedAt} is not null)`,
    ),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;
