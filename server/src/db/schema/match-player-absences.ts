import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { matches } from './matches.ts';
import { users } from './users.ts';

/**
 * A lineup player's presence on the match's game server while the match is live, one row per match and
 * player, written by the monitor's absence watch: `seen_at` the first `status` that listed him, `left_at` since
 * when he is missing (null while he is on the server), `notified_at` when his captain was told of this absence.
 */
export const matchPlayerAbsences = pgTable(
  'match_player_absences',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] })],
);
