// Queries of reports, bans and the moderation audit log.
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  bans,
  moderationActions,
  reports,
  users,
  type BanRow,
  type ModerationActionRow,
  type ReportRow,
} from '../../db/schema/index.ts';

type Queryable = Db | Tx;

export interface UserRef {
  id: number;
  username: string;
}

/** Id and name of each of `ids` that still exists. */
export async function userRefs(
  db: Queryable,
  ids: readonly (number | null)[],
): Promise<Map<number, UserRef>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findReport(db: Queryable, id: number, lock = false): Promise<ReportRow | null> {
  const query = db.select().from(reports).where(eq(reports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function openReportsBy(db: Queryable, reporterUserId: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.reporterUserId, reporterUserId), eq(reports.status, 'open')));
}

export async function reportPage(db: Queryable, where: SQL | undefined, page: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  const rows = await db
    .select()
    .from(reports)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

export async function actionPage(db: Queryable, page: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(moderationActions);
  const rows: ModerationActionRow[] = await db
    .select()
    .from(moderationActions)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

export async function findBan(db: Queryable, id: number, lock = false): Promise<BanRow | null> {
  const query = db.select().from(bans).where(eq(bans.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function recordAction(
  tx: Queryable,
  row: Omit<typeof moderationActions.$inferInsert, 'id'> & { createdAt: Date },
): Promise<void> {
  await tx.insert(moderationActions).values(row);
}
