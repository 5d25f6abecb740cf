// Records a webhook event in the transaction of the change that caused it: one delivery per endpoint
// that hears it, each carried out by the effects outbox (kind `webhook`), so a rolled-back change sends
// nothing and a committed one is delivered even when the process dies right after the commit.
import type { WebhookEvent } from '@versus/common/webhooks/events';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { WebhookEndpointRow } from '../../db/schema/index.ts';
import { recordEffect, runEffectsNow, startEffectsNow } from '../effects/index.ts';
import type { MatchRecord } from '../matches/index.ts';
import { activeEndpoints, insertDeliveries } from './webhook.repository.ts';

export const WEBHOOK_EFFECT = 'webhook';

/** The match an event is about, as every payload names it. */
export interface WebhookMatch {
  id: number;
  type: string;
  ladderId: number | null;
  tournamentId: number | null;
  competition: string;
  challenger: { teamId: number | null; name: string; tag: string };
  opponent: { teamId: number | null; name: string; tag: string };
  url: string;
}

export function webhookMatchOf(ctx: AppContext, record: MatchRecord): WebhookMatch {
  const side = (s: MatchRecord['state']['challenger']) => ({ teamId: s.teamId, name: s.name, tag: s.tag });
  return {
    id: record.state.id,
    type: record.state.type,
    ladderId: record.row.ladderId,
    tournamentId: record.row.tournamentId,
    competition: record.competition.name,
    challenger: side(record.state.challenger),
    opponent: side(record.state.opponent),
    url: new URL(`/match/${String(record.state.id)}`, ctx.config.appUrl).toString(),
  };
}

export interface NewWebhookEvent {
  event: WebhookEvent;
  match: WebhookMatch;
  /** What every endpoint gets. */
  data: Record<string, unknown>;
  /** Added for admins' endpoints only (a server's connection string). */
  adminData?: Record<string, unknown>;
}

/** Whether an endpoint hears this event of this match (its events, its team, its competitions). */
export function hears(endpoint: WebhookEndpointRow, e: NewWebhookEvent): boolean {
  if (!endpoint.events.includes(e.event)) return false;
  if (endpoint.teamId !== null) {
    return endpoint.teamId === e.match.challenger.teamId || endpoint.teamId === e.match.opponent.teamId;
  }
  if (endpoint.ladderIds.length === 0 && endpoint.tournamentIds.length === 0) return true;
  return (
    (e.match.ladderId !== null && endpoint.ladderIds.includes(e.match.ladderId)) ||
    (e.match.tournamentId !== null && endpoint.tournamentIds.includes(e.match.tournamentId))
  );
}

/**
 * Writes the deliveries and their effects in `tx`; returns the effect ids to run after commit. `active` is the
 * endpoints on now as read in `tx`, for a caller recording several events (read here when not given).
 */
export async function recordWebhookEvent(
  tx: Tx,
  e: NewWebhookEvent,
  now: number,
  active?: readonly WebhookEndpointRow[],
): Promise<number[]> {
  const endpoints = (active ?? (await activeEndpoints(tx))).filter((endpoint) => hears(endpoint, e));
  const deliveries = await insertDeliveries(
    tx,
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      matchId: e.match.id,
      event: e.event,
      payload: {
        match: e.match,
        ...e.data,
        ...(endpoint.teamId === null ? (e.adminData ?? {}) : {}),
      },
      createdAt: new Date(now),
    })),
  );
  const ids: number[] = [];
  for (const delivery of deliveries) {
    ids.push(await deliveryEffect(tx, delivery.id, delivery.matchId, 0, now));
  }
  return ids;
}

/** The outbox effect of one delivery (or of its `resend`-th "Send again"). */
export function deliveryEffect(tx: Tx, deliveryId: number, matchId: number, resend: number, now: number) {
  return recordEffect(
    tx,
    {
      matchId,
      kind: WEBHOOK_EFFECT,
      key: `d${String(deliveryId)}r${String(resend)}`,
      payload: { deliveryId },
    },
    now,
  );
}

/**
 * After commit: the deliveries just recorded start now, detached from the request, so no player's click waits
 * for a receiver (a slow or dead one holds nothing but its own delivery); a failure is the worker's to retry.
 * Tests wait for them as a receiver would, with `effectsSettled(ctx)`.
 */
export function startSending(ctx: AppContext, ids: readonly number[]): void {
  startEffectsNow(ctx, ids);
}

/**
 * After commit: the deliveries just recorded go out now and the caller waits for them (retries are the
 * worker's): for a caller whose answer says how they went ("Send again") or that no player waits for.
 */
export function sendRecorded(ctx: AppContext, ids: readonly number[]): Promise<void> {
  return runEffectsNow(ctx, ids);
}
