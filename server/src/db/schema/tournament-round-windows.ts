import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';
import { tournaments } from './tournaments.ts';

/**
 * A tournament round's window for agreeing match times (docs/scheduling.md): proposed times fall in
 * [opens_at, deadline]; a match of the round not agreed by the deadline gets `default_time` (`fallback`
 * 'default_time') or is decided by the forfeit rule (`fallback` 'forfeit').
 */
export const tournamentRoundWindows = pgTable(
  'tournament_round_windows',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** The round of the whole event (`matches.tournament_round`). */
    round: smallint('round').notNull(),
    opensAt: moment('opens_at').notNull(),
    deadline: moment('deadline').notNull(),
    fallback: varchar('fallback', { length: 16 }).notNull(),
    defaultTime: moment('default_time'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.round] }),
    check('tournament_round_windows_order', sql`${t.opensAt} < ${t.deadline}`),
    check(
      'tournament_round_windows_fallback',
      sql`(${t.fallback} = 'forfeit' and ${t.defaultTime} is null)
        or (${t.fallback} = 'default_time' and ${t.defaultTime} is not null)`,
    ),
  ],
);

export type TournamentRoundWindowRow = typeof tournamentRoundWindows.$inferSelect;
