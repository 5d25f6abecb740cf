import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { matches } from './matches.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * The players of a match: the two lineups (ladder, tournament: the players each captain chose from the
 * roster; a substitute replaces its row's player), or everyone from the queue (solo-queue). `side` is 1 (challenger), 2 (opponent) or -1 (a solo-queue player not picked
 * yet); `teamId` is the team the player plays for in ladder and tournament matches. `pickOrder` counts the
 * solo-queue picks; `ratingBefore`/`ratingDelta` are the player's solo-queue Elo change. `inGameName` and
 * `guid` tie log lines and screenshots to the player.
 */
export const matchPlayers = pgTable(
  'match_players',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    side: smallint('side').notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    isCaptain: boolean('is_captain').notNull().default(false),
    pickOrder: smallint('pick_order'),
    isSub: boolean('is_sub').notNull().default(false),
    /** A substitute: the lineup player they replaced (who went back to the bench). */
    replacedUserId: integer('replaced_user_id').references(() => users.id, { onDelete: 'set null' }),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    inGameName: varchar('in_game_name', { length: 64 }),
    guid: varchar('guid', { length: 64 }),
    ratingBefore: integer('rating_before'),
    ratingDelta: integer('rating_delta'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('match_players_match_user_unique').on(t.matchId, t.userId),
    // A player's matches; side and rating change ride along, so a profile's history reads no player row.
    index('match_players_user_idx').on(t.userId, t.matchId, t.side, t.ratingDelta),
    index('match_players_match_guid_idx').on(t.matchId, t.guid),
    check('match_players_side_valid', sql`${t.side} in (-1, 1, 2)`),
  ],
);

export type MatchPlayerRow = typeof matchPlayers.$inferSelect;
