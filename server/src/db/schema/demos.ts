import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.ts';
import { gameServerHosts } from './game-server-hosts.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * A server-side demo of one player on one map, uploaded by the agent's `versus-upload` when CoD4x completes
 * it (`sv_demoCompletedCmd`). `playerId` is the id in CoD4x's name (`demo_<playerid>_0000.dm_1`), `userId`
 * the account bound to it (null when none is); `sha256` makes a second upload of the same file the same demo.
 */
export const demos = pgTable(
  'demos',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    hostId: integer('host_id').references(() => gameServerHosts.id, { onDelete: 'set null' }),
    mapName: varchar('map_name', { length: 64 }),
    playerId: varchar('player_id', { length: 64 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    inGameName: varchar('in_game_name', { length: 64 }),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('demos_match_sha256_unique').on(t.matchId, t.sha256),
    index('demos_match_idx').on(t.matchId),
  ],
);
export type DemoRow = typeof demos.$inferSelect;

/**
 * A resumable upload of the agent (a demo or a server screenshot): the client announces size and SHA-256,
 * then sends chunks at `received`; the bytes wait in `DATA_DIR/upload-parts/<id>.part` until the last one,
 * when the checksum and the content are checked and the file is stored. `resultId` is the demo or
 * screenshot it became; the same file announced again by the same server is the same upload.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: integer('host_id')
      .notNull()
      .references(() => gameServerHosts.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    mapName: varchar('map_name', { length: 64 }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    resultId: integer('result_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('media_uploads_host_file_unique').on(t.hostId, t.kind, t.sha256)],
);
export type MediaUploadRow = typeof mediaUploads.$inferSelect;

/**
 * A server screenshot asked for from the room (`getss <slot> versus_<id>_`): who asked, of whom, on which
 * map (the per-map allowance of a captain counts these), and when the picture arrived.
 */
export const serverScreenshotRequests = pgTable(
  'server_screenshot_requests',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    playerId: varchar('player_id', { length: 64 }).notNull(),
    inGameName: varchar('in_game_name', { length: 64 }),
    mapName: varchar('map_name', { length: 64 }),
    /** One click's requests share it: a captain's allowance counts clicks, not players. */
    batch: uuid('batch').notNull(),
    arrivedAt: moment('arrived_at'),
    createdAt: createdAt(),
  },
  (t) => [index('server_screenshot_requests_match_idx').on(t.matchId, t.requestedBy)],
);
