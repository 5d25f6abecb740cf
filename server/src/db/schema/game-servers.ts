import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.ts';
import { gameServerHosts } from './game-server-hosts.ts';
import { locations } from './locations.ts';
import { matches } from './matches.ts';

export const gameServerStatus = pgEnum('game_server_status', ['STARTING', 'ONLINE', 'OFFLINE']);

/**
 * The game server generated for a match when its veto ends. `provider`/`providerRef` name the hosting back
 * end and its own id for the server; `tokenHash` (SHA-256) authenticates the server when it posts its log.
 * `status`, `players`, `currentMap` cache the last status query (`lastStatusAt`).
 */
export const gameServers = pgTable(
  'game_servers',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    provider: varchar('provider', { length: 32 }).notNull().default('simulated'),
    /** The pool server this allocation runs on (pool provider only). */
    hostId: integer('host_id').references(() => gameServerHosts.id, { onDelete: 'set null' }),
    providerRef: text('provider_ref'),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    password: varchar('password', { length: 64 }),
    rconPassword: varchar('rcon_password', { length: 64 }),
    tokenHash: varchar('token_hash', { length: 64 }),
    status: gameServerStatus('status').notNull().default('STARTING'),
    players: smallint('players').notNull().default(0),
    maxPlayers: smallint('max_players').notNull().default(10),
    currentMap: varchar('current_map', { length: 64 }),
    lastStatusAt: moment('last_status_at'),
    destroyedAt: moment('destroyed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('game_servers_uuid_unique').on(t.uuid), index('game_servers_match_idx').on(t.matchId)],
);

export type GameServerRow = typeof gameServers.$inferSelect;
