// Queries of the ratings: every read of a rating that is about to change takes its row lock, always in
// id order (teams, then ladder rows, then users), so two matches finishing at once cannot deadlock.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ladderTeams, matchPlayers, matches, ratingHistory, teams, users } from '../../db/schema/index.ts';

export interface NewRatingChange {
  userId?: number;
  teamId?: number;
  ladderId?: number;
  matchId: number;
  reason: 'match' | 'reversal';
  oldRating: number;
  newRating: number;
  delta: number;
}

export async function lockTeamRatings(tx: Tx, teamIds: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: teams.id, rating: teams.rating })
    .from(teams)
    .where(inArray(teams.id, teamIds))
    .orderBy(asc(teams.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.rating]));
}

export async function lockLadderRatings(
  tx: Tx,
  ladderId: number,
  teamIds: number[],
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ teamId: ladderTeams.teamId, rating: ladderTeams.rating })
    .from(ladderTeams)
    .where(and(eq(ladderTeams.ladderId, ladderId), inArray(ladderTeams.teamId, teamIds)))
    .orderBy(asc(ladderTeams.teamId))
    .for('update');
  return new Map(rows.map((r) => [r.teamId, r.rating]));
}

export async function lockUserRatings(tx: Tx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, elo: users.elo })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.elo]));
}

export async function setTeamRating(tx: Tx, teamId: number, rating: number, now: Date): Promise<void> {
  await tx.update(teams).set({ rating, updatedAt: now }).where(eq(teams.id, teamId));
}

export async function setLadderRating(
  tx: Tx,
  ladderId: number,
  teamId: number,
  rating: number,
): Promise<void> {
  await tx
    .update(ladderTeams)
    .set({ rating })
    .where(and(eq(ladderTeams.ladderId, ladderId), eq(ladderTeams.teamId, teamId)));
}

/** Moves a ladder standing's win/loss counters (+1 for a result, -1 for its reversal). */
export async function moveLadderRecord(
  tx: Tx,
  ladderId: number,
  teamId: number,
  change: { wins: number; losses: number },
): Promise<void> {
  await tx
    .update(ladderTeams)
    .set({
      wins: sql`greatest(${ladderTeams.wins} + ${change.wins}, 0)`,
      losses: sql`greatest(${ladderTeams.losses} + ${change.losses}, 0)`,
    })
    .where(and(eq(ladderTeams.ladderId, ladderId), eq(ladderTeams.teamId, teamId)));
}

export async function setUserRating(tx: Tx, userId: number, elo: number, now: Date): Promise<void> {
  await tx.update(users).set({ elo, updatedAt: now }).where(eq(users.id, userId));
}

export async function setPlayerRatingChange(
  tx: Tx,
  matchId: number,
  userId: number,
  change: { ratingBefore: number | null; ratingDelta: number | null },
): Promise<void> {
  await tx
    .update(matchPlayers)
    .set(change)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
}

export async function clearPlayerRatingChanges(tx: Tx, matchId: number): Promise<void> {
  await tx.update(matchPlayers).set({ ratingDelta: null }).where(eq(matchPlayers.matchId, matchId));
}

/** The rating change shown in the score header (null = not rated, or reversed). */
export async function setMatchRatingDeltas(
  tx: Tx,
  matchId: number,
  deltas: { challenger: number; opponent: number } | null,
): Promise<void> {
  await tx
    .update(matches)
    .set({
      challengerRatingDelta: deltas?.challenger ?? null,
      opponentRatingDelta: deltas?.opponent ?? null,
    })
    .where(eq(matches.id, matchId));
}

export async function insertRatingChanges(tx: Tx, rows: NewRatingChange[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(ratingHistory).values(rows.map((r) => ({ ...r, createdAt: now })));
}

/** Every rating change a match caused so far (its results and their reversals). */
export async function ratingChangesOfMatch(tx: Tx, matchId: number) {
  return tx
    .select()
    .from(ratingHistory)
    .where(eq(ratingHistory.matchId, matchId))
    .orderBy(asc(ratingHistory.id));
}
