import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.ts';
import { locations } from './locations.ts';
import { matches } from './matches.ts';

/**
 * A CoD4x server registered by an admin (the pool). `rconPasswordEnc` is the rcon password encrypted with
 * the configured key (AES-256-GCM; see game-servers/secret-box.ts), never stored or shown in clear.
 * `matchId` is the match the server is allocated to (at most one; the unique index makes two matches on one
 * server impossible); allocation takes the row under `FOR UPDATE SKIP LOCKED`. `status`, `currentMap`,
 * `players`, `lastSeenAt`, `lastError` are the last health check. `agentTokenHash` authenticates the log
 * agent beside the server; `logMatchId` is the match the agent's log stream is attributed to at its last
 * line (set by `InitGame` lines carrying `_versus_match`). The `agent*` counters count batches.
 */
export const gameServerHosts = pgTable(
  'game_server_hosts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    rconPasswordEnc: text('rcon_password_enc').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    /** `embedded` servers are the emulators the demo world starts; `registered` ones an admin added. */
    kind: varchar('kind', { length: 16 }).notNull().default('registered'),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    allocatedAt: moment('allocated_at'),
    status: varchar('status', { length: 16 }).notNull().default('UNKNOWN'),
    lastError: varchar('last_error', { length: 255 }),
    currentMap: varchar('current_map', { length: 64 }),
    players: smallint('players').notNull().default(0),
    maxPlayers: smallint('max_players').notNull().default(0),
    lastSeenAt: moment('last_seen_at'),
    lastCheckAt: moment('last_check_at'),
    agentTokenHash: varchar('agent_token_hash', { length: 64 }),
    logMatchId: integer('log_match_id'),
    agentBatches: integer('agent_batches').notNull().default(0),
    agentDuplicates: integer('agent_duplicates').notNull().default(0),
    agentRejected: integer('agent_rejected').notNull().default(0),
    agentUnattributedLines: integer('agent_unattributed_lines').notNull().default(0),
    agentLastBatchAt: moment('agent_last_batch_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('game_server_hosts_address_unique').on(t.host, t.port),
    uniqueIndex('game_server_hosts_match_unique')
      .on(t.matchId)
      .where(sql`${t.matchId} is not null`),
    index('game_server_hosts_free_idx')
      .on(t.locationId)
      .where(sql`${t.matchId} is null and ${t.enabled}`),
  ],
);

export type GameServerHostRow = typeof gameServerHosts.$inferSelect;

/**
 * How far the platform has taken a log file of a host's agent: `fileKey` names one generation of
 * games_mp.log (a rotation or truncation starts a new one), `ackOffset` the byte offset up to which its
 * lines are stored. Batches below it are duplicates; a batch overlapping it is trimmed.
 */
export const gameServerAgentFiles = pgTable(
  'game_server_agent_files',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => gameServerHosts.id, { onDelete: 'cascade' }),
    fileKey: varchar('file_key', { length: 64 }).notNull(),
    ackOffset: integer('ack_offset').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('game_server_agent_files_host_file_unique').on(t.hostId, t.fileKey)],
);

/** A match that wants a pool server and has none yet; the sweeper retries; admins are told once. */
export const gameServerWaits = pgTable('game_server_waits', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  since: moment('since').notNull(),
  lastTryAt: moment('last_try_at').notNull(),
});
