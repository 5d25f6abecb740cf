import { boolean, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Server locations players vote for. `hostname` is the base URL the browser measures latency against
 * (`{hostname}/ping`); `name` is what players read on the location's card (null: the host of that URL);
 * `flag` is a lower-case ISO 3166-1 alpha-2 code.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    hostname: text('hostname').notNull(),
    name: varchar('name', { length: 64 }),
    city: varchar('city', { length: 100 }).notNull(),
    country: varchar('country', { length: 100 }).notNull(),
    flag: varchar('flag', { length: 8 }).notNull(),
    /** Inactive locations are not offered in new votes. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('locations_city_country_unique').on(t.city, t.country)],
);

export type LocationRow = typeof locations.$inferSelect;
