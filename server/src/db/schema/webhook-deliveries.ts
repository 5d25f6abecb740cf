import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
import { matches } from './matches.ts';
import { webhookEndpoints } from './webhook-endpoints.ts';

/** `pending` while the outbox still tries; `delivered` on a 2xx; `failed` after 24 hours or a pause. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event owed to one endpoint, written in the transaction of the change that caused it; its
 * `id` is the idempotency id receivers see. The body is fixed when the event happens; each attempt signs
 * it afresh with its own timestamp. The effects outbox (kind `webhook`) carries it out.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 48 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 16 }).$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Times an admin pressed "Send again" (each is a new outbox effect). */
    resends: integer('resends').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: moment('last_attempt_at'),
    deliveredAt: moment('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
