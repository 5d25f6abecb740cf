import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * Screenshots of a match: uploaded by the anticheat client, or taken by the game server on request. `publicId` is a random token used in the
 * image URL (so URLs cannot be guessed from ids); `storageKey` is where the storage back end keeps the file.
 */
export const screenshots = pgTable(
  'screenshots',
  {
    id: serial('id').primaryKey(),
    publicId: varchar('public_id', { length: 64 }).notNull(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    inGameName: varchar('in_game_name', { length: 64 }),
    storageKey: text('storage_key').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Taken by the game server (`getss`, uploaded by the agent) rather than the anticheat client. */
    takenByServer: boolean('taken_by_server').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('screenshots_public_id_unique').on(t.publicId),
    index('screenshots_match_idx').on(t.matchId, t.createdAt),
    check('screenshots_content_type_valid', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check('screenshots_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

export type ScreenshotRow = typeof screenshots.$inferSelect;
