import { boolean, integer, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { games } from './games.ts';
import { locations } from './locations.ts';
import { mapPools } from './map-pools.ts';

/**
 * What every competition (ladder, tournament, solo-queue) has: its game, its own map pool, a name and
 * slug, the players per side, and how long a veto turn lasts before the system acts.
 *
 * A match copies the engine fields it reads (pool, clocks, windows, promod mode, team size, draws, the
 * location rule) into `matches.settings`
 * when it is inserted (the `matches_snapshot_settings` trigger), so editing a competition never alters a
 * match already created.
 */
export const competitionColumns = (defaults: { drawsAllowed: boolean }) => ({
  id: serial('id').primaryKey(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'restrict' }),
  mapPoolId: integer('map_pool_id')
    .notNull()
    .references(() => mapPools.id, { onDelete: 'restrict' }),
  name: varchar('name', { length: 100 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull(),
  /** Players per side (5 for 5v5). */
  teamSize: smallint('team_size').notNull(),
  /** Seconds each veto turn lasts before the system acts. */
  vetoTurnSeconds: smallint('veto_turn_seconds').notNull().default(30),
  /** Promod match mode set on the game server over rcon when it is allocated (`promod_mode`). */
  promodMode: varchar('promod_mode', { length: 32 }).notNull().default('match_mr12'),
  /**
   * A map may end level (12–12 in MR12 without overtime) and a series drawn, rated 0.5 each. Ladders
   * yes by default; tournaments (a bracket needs a winner) and solo-queues no.
   */
  drawsAllowed: boolean('draws_allowed').notNull().default(defaults.drawsAllowed),
  /**
   * Where a match's game server runs: `vote` (the location vote, status 11, before the veto) or `fixed`
   * (`fixed_location_id`, set without a vote). Checked per table: `fixed` needs a location.
   */
  locationRule: varchar('location_rule', { length: 8 }).notNull().default('vote'),
  /** Seconds the location vote (status 11) lasts. */
  locationVoteSeconds: smallint('location_vote_seconds').notNull().default(60),
  fixedLocationId: integer('fixed_location_id').references(() => locations.id, { onDelete: 'restrict' }),
  /** Seconds an entered score waits for the other side before it is approved; null: `SCORE_APPROVAL_SECONDS`. */
  scoreApprovalSeconds: integer('score_approval_seconds'),
  /** Seconds after the finish a match may still be disputed; null: `DISPUTE_WINDOW_SECONDS`. */
  disputeWindowSeconds: integer('dispute_window_seconds'),
});
