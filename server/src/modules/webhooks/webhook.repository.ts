// The webhooks' queries: endpoints, their deliveries, and the marks each attempt leaves.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  matches,
  teamMembers,
  teams,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/schema/index.ts';

type Queryable = Db | Tx;

export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;

export async function insertEndpoint(db: Queryable, values: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Endpoints with their owner's name: all (admin) or one team's. */
export async function listEndpoints(db: Queryable, teamId?: number) {
  return db
    .select({ endpoint: webhookEndpoints, ownerUsername: users.username })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.ownerUserId))
    .where(teamId === undefined ? undefined : eq(webhookEndpoints.teamId, teamId))
    .orderBy(webhookEndpoints.id);
}

export async function findEndpoint(db: Queryable, id: number): Promise<WebhookEndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function countTeamEndpoints(db: Queryable, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.teamId, teamId));
  return row?.n ?? 0;
}

export async function updateEndpoint(
  db: Queryable,
  id: number,
  values: Partial<NewWebhookEndpoint>,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row ?? null;
}

export async function deleteEndpoint(db: Queryable, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Endpoints that receive deliveries now: on, not paused. */
export async function activeEndpoints(tx: Queryable): Promise<WebhookEndpointRow[]> {
  return tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), isNull(webhookEndpoints.pausedAt)));
}

export async function insertDeliveries(
  tx: Queryable,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(webhookDeliveries).values(rows).returning();
}

export async function findDelivery(db: Queryable, id: number): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/** Whether a match already owes this event to anyone (a retried effect must not emit it twice). */
export async function eventRecorded(db: Queryable, matchId: number, event: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.matchId, matchId), eq(webhookDeliveries.event, event)))
    .limit(1);
  return row !== undefined;
}

/** Whether a tournament round's start was already announced (by one of its matches). */
export async function roundStartRecorded(
  db: Queryable,
  tournamentId: number,
  round: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(matches, eq(matches.id, webhookDeliveries.matchId))
    .where(
      and(
        eq(webhookDeliveries.event, 'tournament.round-started'),
        eq(matches.tournamentId, tournamentId),
        eq(matches.tournamentRound, round),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The newest deliveries of one endpoint. */
export async function listDeliveries(db: Queryable, endpointId: number, limit = 100) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export async function updateDelivery(
  db: Queryable,
  id: number,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(values)
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row ?? null;
}

/** Marks every delivery of a paused endpoint still owed as failed. */
export async function failPendingDeliveries(db: Queryable, endpointId: number, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

/** The team of `slug` and whether `userId` captains it (null: no such team). */
export async function teamCaptaincy(db: Queryable, slug: string, userId: number) {
  const [row] = await db
    .select({ id: teams.id, isCaptain: teamMembers.isCaptain })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.slug, slug));
  return row ? { id: row.id, isCaptain: row.isCaptain === true } : null;
}

/** The slug of a team (for a link to its page), or null when it is gone. */
export async function teamSlug(db: Queryable, teamId: number): Promise<string | null> {
  const [row] = await db.select({ slug: teams.slug }).from(teams).where(eq(teams.id, teamId));
  return row?.slug ?? null;
}
