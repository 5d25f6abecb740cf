import { boolean, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** How an endpoint is posted to: Versus's signed JSON, or Discord's webhook body with embeds. */
export type WebhookEndpointType = 'generic' | 'discord';

/**
 * An outgoing webhook (docs/webhooks.md): where to post which events. An admin's endpoint (`team_id`
 * null) hears every match of its competitions (all when both lists are empty); a captain's hears only
 * its team's matches and never a server's connection string. `failing_since` is the first failed
 * delivery since the last success; an endpoint failing for a day is `paused_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 16 }).$type<WebhookEndpointType>().notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    url: varchar('url', { length: 2048 }).notNull(),
    secret: varchar('secret', { length: 128 }).notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    ladderIds: jsonb('ladder_ids').$type<number[]>().notNull().default([]),
    tournamentIds: jsonb('tournament_ids').$type<number[]>().notNull().default([]),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    failingSince: moment('failing_since'),
    pausedAt: moment('paused_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
