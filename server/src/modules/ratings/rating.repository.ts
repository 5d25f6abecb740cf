// Queries of the ratings: every read of a rating that is about to change takes its row lock, always in
// id order (teams, then ladder rows, then users), so two matches finishing at once cannot deadlock.
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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
  muBefore: number | null;
  sigmaBefore: number | null;
  muAfter: number | null;
  sigmaAfter: number | null;
  winProbability: number | null;
}

/** A rated subject's stored numbers: the displayed rating and the model's belief. */
export interface StoredRating {
  rating: number;
  mu: number;
  sigma: number;
}

export async function lockTeamRatings(tx: Tx, teamIds: number[]): Promise<Map<number, StoredRating>> {
  const rows = await tx
    .select({ id: teams.id, rating: teams.rating, mu: teams.mu, sigma: teams.sigma })
    .from(teams)
    .where(inArray(teams.id, teamIds))
    .orderBy(asc(teams.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

export async function lockLadderRatings(
  tx: Tx,
  ladderId: number,
  teamIds: number[],
): Promise<Map<number, StoredRating>> {
  const rows = await tx
    .select({
      teamId: ladderTeams.teamId,
      rating: ladderTeams.rating,
      mu: ladderTeams.mu,
      sigma: ladderTeams.sigma,
    })
    .from(ladderTeams)
    .where(and(eq(ladderTeams.ladderId, ladderId), inArray(ladderTeams.teamId, teamIds)))
    .orderBy(asc(ladderTeams.teamId))
    .for('update');
  return new Map(rows.map((r) => [r.teamId, r]));
}

export async function lockUserRatings(tx: Tx, userIds: number[]): Promise<Map<number, StoredRating>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, rating: users.elo, mu: users.mu, sigma: users.sigma })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

export async function setTeamRating(tx: Tx, teamId: number, value: StoredRating, now: Date): Promise<void> {
  await tx
    .update(teams)
    .set({ ...value, updatedAt: now })
    .where(eq(teams.id, teamId));
}

export async function setLadderRating(
  tx: Tx,
  ladderId: number,
  teamId: number,
  value: StoredRating,
): Promise<void> {
  await tx
    .update(ladderTeams)
    .set(value)
    .where(and(eq(ladderTeams.ladderId, ladderId), eq(ladderTeams.teamId, teamId)));
}

/** Moves a ladder standing's win/loss/draw counters (+1 for a result, -1 for its reversal). */
export async function moveLadderRecord(
  tx: Tx,
  ladderId: number,
  teamId: number,
  change: { wins: number; losses: number; draws: number },
): Promise<void> {
  await tx
    .update(ladderTeams)
    .set({
      wins: sql`greatest(${ladderTeams.wins} + ${change.wins}, 0)`,
      losses: sql`greatest(${ladderTeams.losses} + ${change.losses}, 0)`,
      draws: sql`greatest(${ladderTeams.draws} + ${change.draws}, 0)`,
    })
    .where(and(eq(ladderTeams.ladderId, ladderId), eq(ladderTeams.teamId, teamId)));
}

export async function setUserRating(tx: Tx, userId: number, value: StoredRating, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ elo: value.rating, mu: value.mu, sigma: value.sigma, updatedAt: now })
    .where(eq(users.id, userId));
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

/**
 * The rating change shown in the score header and the challenger's win probability it was rated with
 * (null = not rated, or reversed).
 */
export async function setMatchRatingDeltas(
  tx: Tx,
  matchId: number,
  deltas: { challenger: number; opponent: number } | null,
  challengerWinProbability: number | null = null,
): Promise<void> {
  await tx
    .update(matches)
    .set({
      challengerRatingDelta: deltas?.challenger ?? null,
      opponentRatingDelta: deltas?.opponent ?? null,
      challengerWinProbability: deltas ? challengerWinProbability : null,
    })
    .where(eq(matches.id, matchId));
}

export async function insertRatingChanges(tx: Tx, rows: NewRatingChange[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(ratingHistory).values(rows.map((r) => ({ ...r, createdAt: now })));
}

/** Every rating change a match caused so far (its results and their reversals). */
export async function ratingChangesOfMatch(tx: Db | Tx, matchId: number) {
  return tx
    .select()
    .from(ratingHistory)
    .where(eq(ratingHistory.matchId, matchId))
    .orderBy(asc(ratingHistory.id));
}

// Re-rating (the `ratings:rerate` command): everything back to a newcomer's belief, then every rated
// match replayed in the order it finished.

/** Every player, team and ladder standing back to a newcomer: `start`, μ 25, σ 25/3. */
export async function resetAllRatings(tx: Tx, fresh: StoredRating): Promise<void> {
  await tx.update(users).set({ elo: fresh.rating, mu: fresh.mu, sigma: fresh.sigma });
  await tx.update(teams).set(fresh);
  await tx.update(ladderTeams).set(fresh);
  await tx.delete(ratingHistory).where(isNotNull(ratingHistory.matchId));
  await tx
    .update(matches)
    .set({ challengerRatingDelta: null, opponentRatingDelta: null, challengerWinProbability: null });
  await tx.update(matchPlayers).set({ ratingBefore: null, ratingDelta: null });
}

/**
 * The matches whose result stands: finished (5), or disputed (6) after finishing (a dispute keeps the
 * rating until it is resolved), with a winner or a draw (`winner_side` 0); in the order they finished.
 */
export async function resultsInOrder(tx: Db | Tx) {
  return tx
    .select({
      id: matches.id,
      type: matches.type,
      ladderId: matches.ladderId,
      challengerTeamId: matches.challengerTeamId,
      opponentTeamId: matches.opponentTeamId,
      winnerSide: matches.winnerSide,
      finishedAt: matches.finishedAt,
    })
    .from(matches)
    .where(
      and(
        inArray(matches.statusId, [STATUS.finished, STATUS.disputed]),
        isNotNull(matches.finishedAt),
        inArray(matches.winnerSide, [0, 1, 2]),
        // A walkover moves no rating (see ratings.service.ts), so a re-rating skips it too.
        eq(matches.forfeit, false),
      ),
    )
    .orderBy(asc(matches.finishedAt), asc(matches.id));
}

/** The players on a side (1 or 2) of each of these matches, substitutes included. */
export async function sidePlayersOf(tx: Db | Tx, matchIds: number[]) {
  if (matchIds.length === 0) return [];
  return tx
    .select({ matchId: matchPlayers.matchId, userId: matchPlayers.userId, side: matchPlayers.side })
    .from(matchPlayers)
    .where(and(inArray(matchPlayers.matchId, matchIds), inArray(matchPlayers.side, [1, 2])))
    .orderBy(asc(matchPlayers.id));
}
