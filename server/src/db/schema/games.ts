import { pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Games the platform runs matches for (`cod4` first). The slug drives game-specific UI (FPS rating, damage). */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Highest score one team can enter for one map (CoD4 search and destroy: first to 13 rounds). */
    maxMapScore: smallint('max_map_score').notNull().default(13),
    /**
     * How many teams of this game one user may captain at once (creating a team, receiving the captaincy);
     * 1 by default. An admin setting (docs/league-rules.md).
     */
    maxCaptainedTeams: smallint('max_captained_teams').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('games_slug_unique').on(t.slug)],
);

export type GameRow = typeof games.$inferSelect;
