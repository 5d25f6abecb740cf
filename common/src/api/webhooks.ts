// Outgoing webhooks (docs/webhooks.md): endpoints admins and captains register, the events they hear,
// and the delivery log an admin reads and sends again.
import { z } from 'zod';
import { id, idParam, isoDateTime, nameField, slugParam } from './primitives.ts';

/** Every event an endpoint may hear, in the order a match lives them. */
export const WEBHOOK_EVENTS = [
  'match.created',
  'match.accepted',
  'match.cancelled',
  'veto.finished',
  'server.ready',
  'map.finished',
  'match.result',
  'dispute.opened',
  'dispute.resolved',
  'tournament.round-started',
  'standings.changed',
  'match.starting-soon',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_TYPES = ['generic', 'discord'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 128;
export const WEBHOOK_NAME_MAX = 64;
/** The most competitions one endpoint may name (each list). */
export const WEBHOOK_COMPETITIONS_MAX = 50;

/** An absolute http(s) URL without credentials; whether its host is private is checked on the server. */
export const webhookUrlField = z
  .string({ error: 'The url field is required.' })
  .trim()
  .min(1, { error: 'The url field is required.', abort: true })
  .max(WEBHOOK_URL_MAX, {
    error: `The url field must not be greater than ${String(WEBHOOK_URL_MAX)} characters.`,
    abort: true,
  })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    },
    { error: 'The url field must be an http or https URL.', abort: true },
  )
  .refine(
    (value) => {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    },
    { error: 'The url field must not contain a user name or password.' },
  );

const eventsField = z
  .array(
    z.enum(WEBHOOK_EVENTS, { error: `The events field must list only: ${WEBHOOK_EVENTS.join(', ')}.` }),
    {
      error: 'The events field must be a list of events.',
    },
  )
  .min(1, { error: 'The events field must name at least one event.' })
  .max(WEBHOOK_EVENTS.length, { error: 'The events field names an event twice.' })
  .refine((events) => new Set(events).size === events.length, {
    error: 'The events field names an event twice.',
  });

const secretField = z
  .string({ error: 'The secret field must be a string.' })
  .min(WEBHOOK_SECRET_MIN, {
    error: `The secret field must be at least ${String(WEBHOOK_SECRET_MIN)} characters.`,
  })
  .max(WEBHOOK_SECRET_MAX, {
    error: `The secret field must not be greater than ${String(WEBHOOK_SECRET_MAX)} characters.`,
  })
  .regex(/^[\x21-\x7e]+$/, { error: 'The secret field must be printable ASCII without spaces.' });

function competitionIds(field: string) {
  return z.array(id, { error: `The ${field} field must be a list of ids.` }).max(WEBHOOK_COMPETITIONS_MAX, {
    error: `The ${field} field must not name more than ${String(WEBHOOK_COMPETITIONS_MAX)}.`,
  });
}

/** A captain's endpoint: their team's matches only. Without `secret` the server makes one. */
export const teamWebhookBody = z.object({
  type: z.enum(WEBHOOK_TYPES, { error: 'The type field must be generic or discord.' }),
  name: nameField('name', { max: WEBHOOK_NAME_MAX }),
  url: webhookUrlField,
  secret: secretField.optional(),
  events: eventsField,
});
export type TeamWebhookBody = z.infer<typeof teamWebhookBody>;

/** `POST /api/v1/admin/webhooks`: empty competition lists mean every ladder and tournament. */
export const adminWebhookBody = teamWebhookBody.extend({
  ladderIds: competitionIds('ladder ids').default([]),
  tournamentIds: competitionIds('tournament ids').default([]),
});
export type AdminWebhookBody = z.input<typeof adminWebhookBody>;

/** `PATCH /api/v1/admin/webhooks/{id}`: turn it off or on (on again also lifts a pause). */
export const updateWebhookBody = z.object({
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }),
});

export const webhookParams = z.object({ id: idParam('Webhook') });
export const webhookDeliveryParams = z.object({ id: idParam('Delivery') });
export const teamWebhookParams = z.object({ slug: slugParam('Team') });
export const teamWebhookItemParams = z.object({ slug: slugParam('Team'), id: idParam('Webhook') });

export const webhookSchema = z
  .object({
    id: z.number(),
    type: z.enum(WEBHOOK_TYPES),
    name: z.string(),
    url: z.string(),
    /** Shown to its owner and admins: the key receivers check signatures with. */
    secret: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    ladderIds: z.array(z.number()),
    tournamentIds: z.array(z.number()),
    /** Null for an admin's endpoint. */
    teamId: z.number().nullable(),
    ownerUsername: z.string().nullable(),
    enabled: z.boolean(),
    /** Set when the endpoint failed for a day and stopped receiving. */
    pausedAt: isoDateTime.nullable(),
    failingSince: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksAnswer = z.object({ data: z.array(webhookSchema) }).meta({ id: 'Webhooks' });
export const webhookAnswer = z.object({ data: webhookSchema }).meta({ id: 'WebhookAnswer' });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z
  .object({
    id: z.number(),
    endpointId: z.number(),
    matchId: z.number(),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    /** The receiver's HTTP status of the last attempt; null before one or when none answered. */
    lastStatusCode: z.number().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The newest deliveries first (at most 100). */
export const webhookDeliveriesAnswer = z
  .object({ data: z.array(webhookDeliverySchema) })
  .meta({ id: 'WebhookDeliveries' });
export const webhookDeliveryAnswer = z
  .object({ data: webhookDeliverySchema })
  .meta({ id: 'WebhookDeliveryAnswer' });
