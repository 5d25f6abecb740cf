import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at`; writers set it explicitly (there is no trigger). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A nullable moment with time zone, for deadlines and "happened at" columns. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });
