import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matches, matchPlayers, screenshots, users } from '../../db/schema/index.ts';

/**
 * Inserts the screenshot unless the match or the uploader already holds its quota, under the match row's lock
 * so parallel uploads are counted one after the other; `store` writes the file once the quota allows it.
 */
export async function insertScreenshotWithinQuota(
  db: Db,
  row: typeof screenshots.$inferInsert & { userId: number },
  quota: { perMatch: number; perUserPerMatch: number },
  store: () => Promise<void>,
): Promise<number | 'match-full' | 'user-full'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, row.matchId)).for('update');
    const [ofMatch] = await tx
      .select({ n: count() })
      .from(screenshots)
      .where(eq(screenshots.matchId, row.matchId));
    if ((ofMatch?.n ?? 0) >= quota.perMatch) return 'match-full';
    const [ofUser] = await tx
      .select({ n: count() })
      .from(screenshots)
      .where(and(eq(screenshots.matchId, row.matchId), eq(screenshots.userId, row.userId)));
    if ((ofUser?.n ?? 0) >= quota.perUserPerMatch) return 'user-full';
    await store();
    const [inserted] = await tx.insert(screenshots).values(row).returning({ id: screenshots.id });
    if (!inserted) throw new Error('screenshot insert returned nothing');
    return inserted.id;
  });
}

export async function insertServerScreenshot(db: Db, row: typeof screenshots.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(screenshots).values(row).returning({ id: screenshots.id });
  if (!inserted) throw new Error('screenshot insert returned nothing');
  return inserted.id;
}

/** One page of the match's screenshots, newest first, with the uploader's username. */
export async function screenshotPage(db: Db, matchId: number, page: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(screenshots).where(eq(screenshots.matchId, matchId));
  const rows = await db
    .select({
      id: screenshots.id,
      storageKey: screenshots.storageKey,
      inGameName: screenshots.inGameName,
      username: users.username,
      takenByServer: screenshots.takenByServer,
    })
    .from(screenshots)
    .leftJoin(users, eq(users.id, screenshots.userId))
    .where(eq(screenshots.matchId, matchId))
    .orderBy(desc(screenshots.createdAt), desc(screenshots.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

/** True when the user is on the match's roster (any side, subs included). */
export async function isOnRoster(db: Db, matchId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matchPlayers.id })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
  return row !== undefined;
}
