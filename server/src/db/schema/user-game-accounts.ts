import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { games } from './games.ts';
import { users } from './users.ts';

/**
 * A user's in-game identity per game (CoD4 GUID and last in-game name), learned from anticheat heartbeats
 * and match logs, so that statistics of later matches are credited to the account by GUID.
 */
export const userGameAccounts = pgTable(
  'user_game_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    guid: varchar('guid', { length: 64 }).notNull(),
    inGameName: varchar('in_game_name', { length: 64 }),
    /**
     * Who bound the id to the account: `settings` (the owner), `admin`, or `heartbeat` (rows from before
     * identities had to be bound; not trusted for statistics or the roster lock).
     */
    source: varchar('source', { length: 16 }).notNull().default('heartbeat'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_game_accounts_game_guid_unique').on(t.gameId, t.guid),
    index('user_game_accounts_user_idx').on(t.userId),
  ],
);

export type UserGameAccountRow = typeof userGameAccounts.$inferSelect;
