import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';
import { maps } from './maps.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * The maps of one match: a copy of the map pool made when the veto starts, which also is the veto log.
 * A veto step sets `mapIndex` (its step number), the acting side (`pickedBySide` or `removedBySide`, -1 for
 * a ban by the system), `actedByUserId` (null for the system) and `actedAt`. Picks and the decider get
 * `mapOrder` (play order, 1-based). Scores per map: `first*` is the challenger's, `second*` the opponent's;
 * `log*` are the scores read from the game server's log, offered as the proposed score.
 */
export const matchMaps = pgTable(
  'match_maps',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    mapId: integer('map_id')
      .notNull()
      .references(() => maps.id, { onDelete: 'restrict' }),
    /** Position in the veto grid (the pool's order). */
    position: smallint('position').notNull().default(0),
    mapOrder: smallint('map_order'),
    mapIndex: smallint('map_index'),
    pickedBySide: smallint('picked_by_side'),
    removedBySide: smallint('removed_by_side'),
    isDecider: boolean('is_decider').notNull().default(false),
    /** True when the system acted at a timeout (a system pick still counts as that side's pick). */
    isAuto: boolean('is_auto').notNull().default(false),
    /** Why the system chose at a timeout: 'preferences' (the team's saved map preferences) or 'system' (a draw). */
    autoReason: varchar('auto_reason', { length: 16 }),
    actedByUserId: integer('acted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    actedAt: moment('acted_at'),
    firstScore: smallint('first_score'),
    secondScore: smallint('second_score'),
    logFirstScore: smallint('log_first_score'),
    logSecondScore: smallint('log_second_score'),
  },
  (t) => [
    uniqueIndex('match_maps_match_map_unique').on(t.matchId, t.mapId),
    uniqueIndex('match_maps_match_step_unique').on(t.matchId, t.mapIndex),
    uniqueIndex('match_maps_match_order_unique').on(t.matchId, t.mapOrder),
    index('match_maps_map_idx').on(t.mapId),
    check('match_maps_picked_by_valid', sql`coalesce(${t.pickedBySide}, 1) in (1, 2)`),
    check('match_maps_removed_by_valid', sql`coalesce(${t.removedBySide}, 1) in (-1, 1, 2)`),
    check('match_maps_pick_or_ban', sql`${t.pickedBySide} is null or ${t.removedBySide} is null`),
    check(
      'match_maps_scores_non_negative',
      sql`coalesce(${t.firstScore}, 0) >= 0 and coalesce(${t.secondScore}, 0) >= 0`,
    ),
  ],
);

export type MatchMapRow = typeof matchMaps.$inferSelect;
