// Carries out one delivery (the outbox's `webhook` effect): signs the body, posts it, logs the answer,
// and pauses an endpoint that has failed for a day. Retries follow WEBHOOK_RETRY_POLICY: exponential from
// WEBHOOK_RETRY_BASE_MS, at most an hour apart, for 24 hours after the event.
import { createHmac } from 'node:crypto';
import type { WebhookEvent } from '@versus/common/webhooks/events';
import type { AppContext } from '../../core/app-context.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import { registerEffectHandler, type RetryPolicy } from '../effects/index.ts';
import { createNotifications, publishNotifications } from '../notifications/index.ts';
import { discordBody } from './discord.ts';
import { WEBHOOK_EFFECT } from './webhook-events.ts';
import { webhookUrlRefusal } from './webhook-url.ts';
import {
  failPendingDeliveries,
  findDelivery,
  findEndpoint,
  updateDelivery,
  teamSlug,
  updateEndpoint,
} from './webhook.repository.ts';

/** How long a delivery is tried, and how long an endpoint may fail before it is paused. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
const RETRY_CAP_MS = 60 * 60_000;
const TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = 'X-Versus-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's secret>` (Stripe's scheme). */
export function signature(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret)
    .update(`${String(timestampSeconds)}.${body}`)
    .digest('hex');
  return `t=${String(timestampSeconds)},v1=${mac}`;
}

export const WEBHOOK_RETRY_POLICY: RetryPolicy = {
  retryAt(effect, now, ctx) {
    const end = effect.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
    if (now >= end) return null;
    const wait = Math.min(
      RETRY_CAP_MS,
      ctx.config.webhooks.retryBaseMs * 2 ** Math.max(0, effect.attempts - 1),
    );
    return Math.min(end, now + wait);
  },
};

/** The body an endpoint receives: the same bytes on every attempt (the signature's timestamp changes). */
export function deliveryBody(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow): string {
  const event = delivery.event as WebhookEvent;
  if (endpoint.type === 'discord') {
    return JSON.stringify(discordBody(event, delivery.id, delivery.payload, delivery.createdAt));
  }
  return JSON.stringify({
    id: delivery.id,
    event,
    createdAt: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });
}

registerEffectHandler(
  WEBHOOK_EFFECT,
  async (ctx, effect) => {
    const deliveryId = Number(effect.payload.deliveryId);
    const delivery = await findDelivery(ctx.db, deliveryId);
    if (delivery?.status !== 'pending') return;
    const endpoint = await findEndpoint(ctx.db, delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.enabled || endpoint.pausedAt) {
      await updateDelivery(ctx.db, delivery.id, { status: 'failed', lastError: 'The endpoint is paused.' });
      return;
    }
    const now = ctx.now();
    const outcome = await post(ctx, endpoint, delivery, now);
    await updateDelivery(ctx.db, delivery.id, {
      attempts: delivery.attempts + 1,
      lastAttemptAt: new Date(now),
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      ...(outcome.ok ? { status: 'delivered' as const, deliveredAt: new Date(now) } : {}),
    });
    if (outcome.ok) {
      if (endpoint.failingSince) await updateEndpoint(ctx.db, endpoint.id, { failingSince: null });
      return;
    }
    const failingSince = endpoint.failingSince?.getTime() ?? now;
    if (!endpoint.failingSince) await updateEndpoint(ctx.db, endpoint.id, { failingSince: new Date(now) });
    if (now - failingSince >= WEBHOOK_RETRY_WINDOW_MS) {
      await pauseEndpoint(ctx, endpoint, now);
      return;
    }
    if (WEBHOOK_RETRY_POLICY.retryAt(effect, now, ctx) === null) {
      await updateDelivery(ctx.db, delivery.id, { status: 'failed' });
    }
    throw new Error(outcome.error ?? `HTTP ${String(outcome.statusCode)}`);
  },
  WEBHOOK_RETRY_POLICY,
);

interface PostOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

async function post(
  ctx: AppContext,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
  now: number,
): Promise<PostOutcome> {
  // Checked again at each attempt: the host's DNS may have changed since it was registered.
  const refusal = await webhookUrlRefusal(endpoint.url, ctx.config.webhooks.allowPrivate);
  if (refusal) return { ok: false, statusCode: null, error: refusal };
  const body = deliveryBody(endpoint, delivery);
  try {
    const res = await fetch(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Versus-Webhooks/1',
        'x-versus-event': delivery.event,
        'x-versus-delivery': String(delivery.id),
        [SIGNATURE_HEADER.toLowerCase()]: signature(endpoint.secret, Math.floor(now / 1000), body),
      },
      body,
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true, statusCode: res.status, error: null };
    return { ok: false, statusCode: res.status, error: `The endpoint answered ${String(res.status)}.` };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, statusCode: null, error: message.slice(0, 500) };
  }
}

/** An endpoint failing for a day stops receiving; its owner is told, and what it still owed is failed. */
async function pauseEndpoint(ctx: AppContext, endpoint: WebhookEndpointRow, now: number): Promise<void> {
  const written = await ctx.db.transaction(async (tx) => {
    await updateEndpoint(tx, endpoint.id, { pausedAt: new Date(now), updatedAt: new Date(now) });
    // The link leads where the endpoint is turned on again: the admin page, or the team's page.
    const slug = endpoint.teamId === null ? null : await teamSlug(tx, endpoint.teamId);
    await failPendingDeliveries(tx, endpoint.id, 'The endpoint failed for a day and was paused.');
    return createNotifications(
      tx,
      [
        {
          userId: endpoint.ownerUserId,
          type: 'webhook-paused',
          message: `The webhook <b>${escapeHtml(endpoint.name)}</b> failed for a day and was paused. Fix the receiver, then turn it on again.`,
          data: {
            redirectUrl:
              endpoint.teamId === null ? '/admin/webhooks' : slug === null ? undefined : `/team/${slug}`,
          },
        },
      ],
      now,
    );
  });
  await publishNotifications(ctx, written);
  ctx.log.warn({ endpointId: endpoint.id }, 'webhooks: endpoint paused after failing for a day');
}
