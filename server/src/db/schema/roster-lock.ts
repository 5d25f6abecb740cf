import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/** A player id an admin allowed on a match's server besides the roster (a caster, an observer). */
export const matchGuests = pgTable(
  'match_guests',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    playerId: varchar('player_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('match_guests_match_player_unique').on(t.matchId, t.playerId)],
);

/** A client the roster lock kicked from a match's server (shown in the match room). */
export const matchServerKicks = pgTable(
  'match_server_kicks',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    playerId: varchar('player_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 128 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('match_server_kicks_match_idx').on(t.matchId)],
);

/**
 * A heartbeat that tried to claim a player id another account is known by (linked in settings, or another
 * roster player's id in the match): refused and kept here for admins.
 */
export const identityConflicts = pgTable(
  'identity_conflicts',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    claimantUserId: integer('claimant_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    playerId: varchar('player_id', { length: 64 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('identity_conflicts_created_idx').on(t.createdAt.desc())],
);
