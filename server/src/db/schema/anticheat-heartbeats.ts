import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * Heartbeats of the anticheat client. A player counts as "running" when one arrived in the last 60 s; the
 * rows are the anticheat history of a match.
 */
export const anticheatHeartbeats = pgTable(
  'anticheat_heartbeats',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    inGameName: varchar('in_game_name', { length: 64 }),
    guid: varchar('guid', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('anticheat_heartbeats_match_user_idx').on(t.matchId, t.userId, t.createdAt.desc()),
    index('anticheat_heartbeats_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export type AnticheatHeartbeatRow = typeof anticheatHeartbeats.$inferSelect;
