// The webhook event kinds and endpoint types (docs/webhooks.md#events), zod-free so the web app imports the
// values too: the API's schemas (common/src/api/webhooks.ts), the server's recorder and the admin page all
// read this one list.

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

/** `generic`: the signed JSON body; `discord`: Discord's webhook body. */
export const WEBHOOK_TYPES = ['generic', 'discord'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
