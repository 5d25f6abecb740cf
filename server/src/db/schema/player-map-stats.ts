import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { maps } from './maps.ts';
import { matchMaps } from './match-maps.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * One player's statistics on one played map, computed from the game server's log (rewritten whenever a
 * new log batch is parsed). Keyed by GUID because the log knows GUIDs; `userId` is the account matched by
 * GUID or in-game name, null when none matched. The round counters (`rounds*`) feed `fpsRating`.
 */
export const playerMapStats = pgTable(
  'player_map_stats',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    matchMapId: integer('match_map_id')
      .notNull()
      .references(() => matchMaps.id, { onDelete: 'cascade' }),
    mapId: integer('map_id')
      .notNull()
      .references(() => maps.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    guid: varchar('guid', { length: 64 }).notNull(),
    inGameName: varchar('in_game_name', { length: 64 }).notNull(),
    /** 1 | 2 as on the match, or null when the player could not be placed. */
    side: smallint('side'),
    kills: integer('kills').notNull().default(0),
    deaths: integer('deaths').notNull().default(0),
    assists: integer('assists').notNull().default(0),
    damage: integer('damage').notNull().default(0),
    headshots: integer('headshots').notNull().default(0),
    plants: integer('plants').notNull().default(0),
    defuses: integer('defuses').notNull().default(0),
    score: integer('score').notNull().default(0),
    roundsPlayed: integer('rounds_played').notNull().default(0),
    roundsSurvived: integer('rounds_survived').notNull().default(0),
    /** Rounds in which the player killed exactly 1, 2, 3, 4 and 5 or more enemies. */
    rounds1k: integer('rounds_1k').notNull().default(0),
    rounds2k: integer('rounds_2k').notNull().default(0),
    rounds3k: integer('rounds_3k').notNull().default(0),
    rounds4k: integer('rounds_4k').notNull().default(0),
    rounds5k: integer('rounds_5k').notNull().default(0),
    fpsRating: numeric('fps_rating', { precision: 6, scale: 3, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('player_map_stats_map_guid_unique').on(t.matchMapId, t.guid),
    index('player_map_stats_match_idx').on(t.matchId),
    index('player_map_stats_user_idx').on(t.userId),
  ],
);

export type PlayerMapStatsRow = typeof playerMapStats.$inferSelect;
