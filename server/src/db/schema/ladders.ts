import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { competitionColumns } from './competition-columns.ts';
import { createdAt, moment } from './columns.ts';

/** Ladders: open competitions where a team challenges another team of the same ladder at any time. */
export const ladders = pgTable(
  'ladders',
  {
    ...competitionColumns({ drawsAllowed: true }),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Archived by an admin: closed and left out of the public list (the page and history stay). */
    archivedAt: moment('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ladders_slug_unique').on(t.slug),
    check('ladders_team_size_positive', sql`${t.teamSize} between 1 and 16`),
    check(
      'ladders_location_rule_valid',
      sql`${t.locationRule} in ('vote', 'fixed') and (${t.locationRule} = 'vote' or ${t.fixedLocationId} is not null)`,
    ),
  ],
);

export type LadderRow = typeof ladders.$inferSelect;
