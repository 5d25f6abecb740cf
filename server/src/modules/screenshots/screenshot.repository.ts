import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matchPlayers, screenshots, users } from '../../db/schema/index.ts';

export async function insertScreenshot(db: Db, row: typeof screenshots.$inferInsert): Promise<number> {
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
