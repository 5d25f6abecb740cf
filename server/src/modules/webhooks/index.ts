// The webhooks module's front door (docs/webhooks.md): routes, the match subscriber that turns match
// changes into events, and the recorder other modules call when they create a match.
import './webhook-delivery.ts';

export { teamWebhookRoutes, webhookAdminRoutes } from './webhook.routes.ts';
export { recordMatchCreated, recordMatchStartingSoon, webhookSubscriber } from './webhook.subscriber.ts';
export { sendRecorded, startSending } from './webhook-events.ts';
export { signature, SIGNATURE_HEADER } from './webhook-delivery.ts';
export { DISCORD_LIMITS, embedLength } from './discord.ts';
export type { DiscordBody } from './discord.ts';
