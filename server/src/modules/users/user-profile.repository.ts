import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, IdRef } from '../../db/client.ts';
import { ratingHistory, teamMembers, teams, users } from '../../db/schema/index.ts';

/** The player's solo-queue rating changes, newest first. */
export async function userRatingHistory(db: Db, userId: IdRef, limit: number) {
  return db
    .select({
      matchId: ratingHistory.matchId,
      reason: ratingHistory.reason,
      oldRating: ratingHistory.oldRating,
      newRating: ratingHistory.newRating,
      delta: ratingHistory.delta,
      createdAt: ratingHistory.createdAt,
    })
    .from(ratingHistory)
    .where(and(eq(ratingHistory.userId, userId), isNotNull(ratingHistory.userId)))
    .orderBy(desc(ratingHistory.createdAt), desc(ratingHistory.id))
    .limit(limit);
}

export async function userTeams(db: Db, userId: IdRef) {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      tag: teams.tag,
      slug: teams.slug,
      image: teams.image,
      rating: teams.rating,
      isCaptain: teamMembers.isCaptain,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name));
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'flag' | 'configUrl' | 'image' | 'passwordHash'>>,
  now: Date,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${String(userId)} vanished`);
  return row;
}
