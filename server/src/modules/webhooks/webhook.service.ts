// Registering, listing and changing endpoints, and "Send again". Admins see and change every endpoint;
// a captain registers and removes their own team's (one per team).
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  adminWebhookBody,
  teamWebhookBody,
  Webhook,
  WebhookDelivery,
} from '@versus/common/api/webhooks';
import type { AppContext } from '../../core/app-context.ts';
import type { UserRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/index.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deliveryEffect, sendRecorded } from './webhook-events.ts';
import { webhookUrlRefusal } from './webhook-url.ts';
import {
  countTeamEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  teamCaptaincy,
  updateDelivery,
  updateEndpoint,
} from './webhook.repository.ts';

export const WEBHOOK_TEXTS = {
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  teamNotFound: 'Team not found.',
  notCaptain: "Only the team's captain can manage its webhooks.",
  oneTeamWebhook: 'A team may have one webhook: remove the one it has first.',
  stillPending: 'This delivery is still being tried.',
  notPaused: 'This webhook is not paused.',
  turnedOffByAdmin: 'An admin turned this webhook off: ask an admin to turn it on.',
} as const;

export function presentWebhook(row: WebhookEndpointRow, ownerUsername: string | null): Webhook {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    url: row.url,
    secret: row.secret,
    events: row.events as Webhook['events'],
    ladderIds: row.ladderIds,
    tournamentIds: row.tournamentIds,
    teamId: row.teamId,
    ownerUsername,
    enabled: row.enabled,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    matchId: row.matchId,
    event: row.event as WebhookDelivery['event'],
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  const refusal = await webhookUrlRefusal(url, ctx.config.webhooks.allowPrivate);
  if (refusal) throw new ValidationError({ url: [refusal] });
}

type AdminInput = z.output<typeof adminWebhookBody>;
type TeamInput = z.output<typeof teamWebhookBody>;

function newEndpoint(user: UserRow, input: TeamInput, now: number) {
  return {
    type: input.type,
    name: input.name,
    url: input.url,
    secret: input.secret ?? randomBytes(24).toString('hex'),
    events: input.events,
    ownerUserId: user.id,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  };
}

export async function listAdminWebhooks(ctx: AppContext): Promise<Webhook[]> {
  return (await listEndpoints(ctx.db)).map((r) => presentWebhook(r.endpoint, r.ownerUsername));
}

export async function createAdminWebhook(
  ctx: AppContext,
  admin: UserRow,
  input: AdminInput,
): Promise<Webhook> {
  await checkUrl(ctx, input.url);
  const row = await insertEndpoint(ctx.db, {
    ...newEndpoint(admin, input, ctx.now()),
    ladderIds: input.ladderIds,
    tournamentIds: input.tournamentIds,
  });
  return presentWebhook(row, admin.username);
}

/** On again lifts a pause and forgets the failures; off stops new deliveries. */
export async function setWebhookEnabled(ctx: AppContext, id: number, enabled: boolean): Promise<Webhook> {
  const now = new Date(ctx.now());
  const row = await updateEndpoint(ctx.db, id, {
    enabled,
    updatedAt: now,
    ...(enabled ? { pausedAt: null, failingSince: null } : {}),
  });
  if (!row) throw new NotFoundError(WEBHOOK_TEXTS.notFound);
  const owner = (await listEndpoints(ctx.db, row.teamId ?? undefined)).find((r) => r.endpoint.id === id);
  return presentWebhook(row, owner?.ownerUsername ?? null);
}

export async function removeWebhook(ctx: AppContext, id: number): Promise<void> {
  if (!(await findEndpoint(ctx.db, id))) throw new NotFoundError(WEBHOOK_TEXTS.notFound);
  await deleteEndpoint(ctx.db, id);
}

export async function webhookDeliveries(ctx: AppContext, id: number): Promise<WebhookDelivery[]> {
  if (!(await findEndpoint(ctx.db, id))) throw new NotFoundError(WEBHOOK_TEXTS.notFound);
  return (await listDeliveries(ctx.db, id)).map(presentDelivery);
}

/** "Send again": the same delivery (same id, same body) owed once more, through the outbox. */
export async function resendDelivery(ctx: AppContext, id: number): Promise<WebhookDelivery> {
  const now = ctx.now();
  const { row, effectId } = await ctx.db.transaction(async (tx) => {
    const delivery = await findDelivery(tx, id);
    if (!delivery) throw new NotFoundError(WEBHOOK_TEXTS.deliveryNotFound);
    if (delivery.status === 'pending') throw new ConflictError(WEBHOOK_TEXTS.stillPending);
    const resends = delivery.resends + 1;
    const updated = await updateDelivery(tx, id, { status: 'pending', resends, deliveredAt: null });
    const effect = await deliveryEffect(tx, id, delivery.matchId, resends, now);
    return { row: updated ?? delivery, effectId: effect };
  });
  await sendRecorded(ctx, [effectId]);
  return presentDelivery((await findDelivery(ctx.db, id)) ?? row);
}

async function captainedTeam(ctx: AppContext, user: UserRow, slug: string): Promise<number> {
  const team = await teamCaptaincy(ctx.db, slug, user.id);
  if (!team) throw new NotFoundError(WEBHOOK_TEXTS.teamNotFound);
  if (!team.isCaptain) throw new ForbiddenError(WEBHOOK_TEXTS.notCaptain);
  return team.id;
}

export async function listTeamWebhooks(ctx: AppContext, user: UserRow, slug: string): Promise<Webhook[]> {
  const teamId = await captainedTeam(ctx, user, slug);
  return (await listEndpoints(ctx.db, teamId)).map((r) => presentWebhook(r.endpoint, r.ownerUsername));
}

export async function createTeamWebhook(
  ctx: AppContext,
  user: UserRow,
  slug: string,
  input: TeamInput,
): Promise<Webhook> {
  const teamId = await captainedTeam(ctx, user, slug);
  await checkUrl(ctx, input.url);
  if ((await countTeamEndpoints(ctx.db, teamId)) > 0) throw new ConflictError(WEBHOOK_TEXTS.oneTeamWebhook);
  const row = await insertEndpoint(ctx.db, { ...newEndpoint(user, input, ctx.now()), teamId });
  return presentWebhook(row, user.username);
}

export async function removeTeamWebhook(ctx: AppContext, user: UserRow, slug: string, id: number) {
  const teamId = await captainedTeam(ctx, user, slug);
  const endpoint = await findEndpoint(ctx.db, id);
  if (endpoint?.teamId !== teamId) throw new NotFoundError(WEBHOOK_TEXTS.notFound);
  await deleteEndpoint(ctx.db, id);
}

/**
 * A captain turns their team's paused endpoint on again (after fixing the receiver). Only a pause is lifted
 * here: an endpoint an admin turned off stays off until an admin turns it on.
 */
export async function resumeTeamWebhook(
  ctx: AppContext,
  user: UserRow,
  slug: string,
  id: number,
): Promise<Webhook> {
  const teamId = await captainedTeam(ctx, user, slug);
  const endpoint = await findEndpoint(ctx.db, id);
  if (endpoint?.teamId !== teamId) throw new NotFoundError(WEBHOOK_TEXTS.notFound);
  if (!endpoint.enabled) throw new ConflictError(WEBHOOK_TEXTS.turnedOffByAdmin);
  if (endpoint.pausedAt === null) throw new ConflictError(WEBHOOK_TEXTS.notPaused);
  const row = await updateEndpoint(ctx.db, id, {
    pausedAt: null,
    failingSince: null,
    updatedAt: new Date(ctx.now()),
  });
  if (!row) throw new NotFoundError(WEBHOOK_TEXTS.notFound);
  const owner = (await listEndpoints(ctx.db, teamId)).find((r) => r.endpoint.id === id);
  return presentWebhook(row, owner?.ownerUsername ?? null);
}
