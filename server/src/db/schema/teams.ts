import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, skillColumns, updatedAt } from './columns.ts';
import { games } from './games.ts';
import { users } from './users.ts';

/**
 * Player-made teams for ladders and tournaments (solo-queue matches have no team rows: their two sides
 * exist only on the match). `rating` is the team's displayed rating, from its skill belief (`mu`, `sigma`), moved by every rated
 * team match.
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    tag: varchar('tag', { length: 10 }).notNull(),
    /** URL key of `/team/{slug}`. */
    slug: varchar('slug', { length: 60 }).notNull(),
    rating: integer('rating').notNull().default(1000),
    ...skillColumns(),
    image: text('image'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_slug_unique').on(t.slug),
    uniqueIndex('teams_game_name_lower_unique').on(t.gameId, sql`lower(${t.name})`),
    index('teams_rating_idx').on(t.rating),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
