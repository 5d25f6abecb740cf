import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';
import { teams } from './teams.ts';
import { tournaments } from './tournaments.ts';

/** Teams signed up for a tournament. `seed` is set when the bracket is generated (1 = best rated). */
export const tournamentTeams = pgTable(
  'tournament_teams',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    seed: smallint('seed'),
    /** Round (of the whole event) the team was knocked out in; null while still in (or for the winner). */
    eliminatedInRound: smallint('eliminated_in_round'),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: moment('withdrawn_at'),
    /** When the captain checked the team in (tournaments with a check-in window). */
    checkedInAt: moment('checked_in_at'),
  },
  (t) => [
    uniqueIndex('tournament_teams_tournament_team_unique').on(t.tournamentId, t.teamId),
    index('tournament_teams_team_idx').on(t.teamId),
  ],
);

export type TournamentTeamRow = typeof tournamentTeams.$inferSelect;
