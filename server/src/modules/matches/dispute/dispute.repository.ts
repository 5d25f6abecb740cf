// Disputes: one per match (a unique index; stored in `tickets`, the ticket page shows one), written in the
// transaction that disputes the match.
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { ticketMessages, tickets, users } from '../../../db/schema/index.ts';
import type { TicketRow } from '../../../db/schema/index.ts';

type Queryable = Db | Tx;

export async function findDisputeOfMatch(db: Queryable, matchId: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.matchId, matchId));
  return row ?? null;
}

export async function findDispute(db: Queryable, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row ?? null;
}

export async function insertDispute(
  tx: Tx,
  values: {
    matchId: number;
    openedByUserId: number;
    description: string;
    previousStatusId: number;
    now: Date;
  },
): Promise<TicketRow> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(tickets)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no ticket');
  return row;
}

/** Marks an open ticket resolved; returns false when it was not open any more. */
export async function markDisputeResolved(
  tx: Tx,
  id: number,
  values: { resolution: 'score' | 'cancelled'; note: string | null; byUserId: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(tickets)
    .set({
      status: 'resolved',
      resolution: values.resolution,
      resolutionNote: values.note,
      resolvedByUserId: values.byUserId,
      resolvedAt: values.now,
      updatedAt: values.now,
    })
    .where(and(eq(tickets.id, id), eq(tickets.status, 'open')))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

export async function disputeMessagesOf(db: Queryable, ticketId: number) {
  return db
    .select({ message: ticketMessages, user: users })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.userId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export async function insertDisputeMessage(
  db: Queryable,
  values: { ticketId: number; userId: number; message: string; now: Date },
) {
  const [row] = await db
    .insert(ticketMessages)
    .values({
      ticketId: values.ticketId,
      userId: values.userId,
      message: values.message,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no ticket message');
  return row;
}
