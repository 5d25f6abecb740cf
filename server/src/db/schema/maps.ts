import { boolean, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { games } from './games.ts';

/** A game's maps. `nameCmd` is the server-side map name (`mp_backlot`); `image` a URL under the site root. */
export const maps = pgTable(
  'maps',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    nameCmd: varchar('name_cmd', { length: 64 }).notNull(),
    image: text('image'),
    /** Retired maps stay for history but are offered in no new map pool. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('maps_game_name_cmd_unique').on(t.gameId, t.nameCmd),
    index('maps_game_idx').on(t.gameId),
  ],
);

export type MapRow = typeof maps.$inferSelect;
