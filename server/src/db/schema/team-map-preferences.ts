import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { mapPools } from './map-pools.ts';
import { maps } from './maps.ts';
import { teams } from './teams.ts';

/**
 * A team's map preferences per map pool, saved by its captain: the maps to ban first and to pick first,
 * each list in `position` order. When a veto turn of the team times out, the system bans its first
 * still-available "ban" map or picks its first "pick" map (and draws with the match's seed only when the
 * team saved none for that action).
 */
export const teamMapPreferences = pgTable(
  'team_map_preferences',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    mapPoolId: integer('map_pool_id')
      .notNull()
      .references(() => mapPools.id, { onDelete: 'cascade' }),
    mapId: integer('map_id')
      .notNull()
      .references(() => maps.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 8 }).notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    uniqueIndex('team_map_preferences_unique').on(t.teamId, t.mapPoolId, t.action, t.mapId),
    index('team_map_preferences_team_pool_idx').on(t.teamId, t.mapPoolId),
    check('team_map_preferences_action_valid', sql`${t.action} in ('ban', 'pick')`),
  ],
);

export type TeamMapPreferenceRow = typeof teamMapPreferences.$inferSelect;
