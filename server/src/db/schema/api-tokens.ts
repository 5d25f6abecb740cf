import { index, integer, pgEnum, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** `read`: what the owner may read, as a player. `admin`: also the admin area's reads (admins only). */
export const apiTokenScope = pgEnum('api_token_scope', ['read', 'admin']);

/**
 * Personal API tokens for bots and overlays: read-only, revocable, shown once. Only a SHA-256 of the token is
 * stored; the token names its row (`vsp_<id>_<secret>`), so a check is one primary-key read.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    scope: apiTokenScope('scope').notNull().default('read'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
