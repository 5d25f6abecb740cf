import { doublePrecision, timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at`; writers set it explicitly (there is no trigger). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A nullable moment with time zone, for deadlines and "happened at" columns. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The rating model's belief about a subject (see common/src/match/skill.ts): `mu` the skill estimate,
 * `sigma` its uncertainty; a newcomer is 25 ± 25/3. The integer rating beside it is the displayed one.
 */
export const skillColumns = () => ({
  mu: doublePrecision('mu').notNull().default(25),
  sigma: doublePrecision('sigma')
    .notNull()
    .default(25 / 3),
});
