import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { competitionColumns } from './competition-columns.ts';
import { createdAt } from './columns.ts';

/** Solo-queues ("pugs"): a match forms when 2 x `teamSize` players wait in the queue. */
export const soloQueues = pgTable(
  'solo_queues',
  {
    ...competitionColumns({ drawsAllowed: false }),
    bestOf: smallint('best_of').notNull().default(1),
    pickTurnSeconds: smallint('pick_turn_seconds').notNull().default(30),
    isActive: boolean('is_active').notNull().default(true),
    /** `draft`: the captains pick (status 10); `balanced`: the model splits the players, no pick phase. */
    teamFormation: varchar('team_formation', { length: 16 }).notNull().default('draft'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('solo_queues_slug_unique').on(t.slug),
    check('solo_queues_team_size_positive', sql`${t.teamSize} between 1 and 16`),
    check(
      'solo_queues_location_rule_valid',
      sql`${t.locationRule} in ('vote', 'fixed') and (${t.locationRule} = 'vote' or ${t.fixedLocationId} is not null)`,
    ),
    check('solo_queues_best_of_valid', sql`${t.bestOf} in (1, 3, 5)`),
    check('solo_queues_team_formation_valid', sql`${t.teamFormation} in ('draft', 'balanced')`),
  ],
);

export type SoloQueueRow = typeof soloQueues.$inferSelect;
