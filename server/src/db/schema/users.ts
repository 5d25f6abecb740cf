import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { skillColumns } from './columns.ts';

export const userRole = pgEnum('user_role', ['player', 'admin']);

/** Players and admins. `color`/`backgroundColor` build the formatted (HTML) username. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    username: varchar('username', { length: 20 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Avatar image URL (uploaded file or generated default). */
    image: text('image'),
    /** ISO 3166-1 alpha-2 country code, lower case, used for the flag icon. */
    flag: varchar('flag', { length: 8 }),
    color: varchar('color', { length: 32 }),
    backgroundColor: varchar('background_color', { length: 32 }),
    /** Optional player class/title shown after the name (e.g. "Veteran"); stored as plain text. */
    className: varchar('class_name', { length: 64 }),
    role: userRole('role').notNull().default('player'),
    /** Solo-queue rating as displayed: RATING_START + round(24 × (mu − 3 sigma)). */
    elo: integer('elo').notNull().default(1000),
    ...skillColumns(),
    /** Token the anticheat client authenticates with (hashed). */
    anticheatTokenHash: text('anticheat_token_hash'),
    /** Link to the player's game config, shown in the match room when present. */
    configUrl: text('config_url'),
    /**
     * The secret of the user's private calendar feed (`/api/v1/calendar/{token}.ics`, docs/scheduling.md):
     * stored as is, since the settings page shows the URL again; null until first asked for.
     */
    calendarToken: varchar('calendar_token', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_uuid_unique').on(t.uuid),
    uniqueIndex('users_calendar_token_unique').on(t.calendarToken),
    index('users_elo_idx').on(t.elo),
    // The players-by-rating leaderboard's order (rating, then who registered first), all and per country.
    index('users_leaderboard_idx').on(t.elo.desc().nullsFirst(), t.id.asc()),
    index('users_flag_leaderboard_idx').on(t.flag, t.elo.desc().nullsFirst(), t.id.asc()),
  ],
);

export type UserRow = typeof users.$inferSelect;
