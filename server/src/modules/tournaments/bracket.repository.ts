// Queries of bracket generation and advancement. All run in the caller's transaction.
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  matchPlayers,
  matches,
  teamMembers,
  teams,
  tournamentTeams,
  tournaments,
} from '../../db/schema/index.ts';
import type { MatchRow, TournamentRow } from '../../db/schema/index.ts';

/** One upcoming tournament whose start has come, locked; another instance skips it. */
export async function claimDueTournament(tx: Tx, now: Date, skip: number[]): Promise<TournamentRow | null> {
  const rows = await tx
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), lte(tournaments.startDate, now)))
    .orderBy(asc(tournaments.startDate), asc(tournaments.id))
    .limit(1 + skip.length)
    .for('update', { skipLocked: true });
  return rows.find((r) => !skip.includes(r.id)) ?? null;
}

/** Signed-up teams in seed order: best team rating first, then who signed up first. */
export async function teamsBySeed(tx: Tx, tournamentId: number) {
  return tx
    .select({ entryId: tournamentTeams.id, teamId: teams.id, name: teams.name, rating: teams.rating })
    .from(tournamentTeams)
    .innerJoin(teams, eq(teams.id, tournamentTeams.teamId))
    .where(and(eq(tournamentTeams.tournamentId, tournamentId), isNull(tournamentTeams.withdrawnAt)))
    .orderBy(desc(teams.rating), asc(tournamentTeams.signedUpAt), asc(tournamentTeams.id));
}

export async function setSeed(tx: Tx, entryId: number, seed: number): Promise<void> {
  await tx.update(tournamentTeams).set({ seed }).where(eq(tournamentTeams.id, entryId));
}

export async function updateTournament(
  tx: Tx,
  id: number,
  values: Partial<Pick<TournamentRow, 'status' | 'startedAt' | 'finishedAt' | 'winnerTeamId'>>,
): Promise<void> {
  await tx.update(tournaments).set(values).where(eq(tournaments.id, id));
}

export async function setEliminated(tx: Tx, tournamentId: number, teamId: number, round: number | null) {
  await tx
    .update(tournamentTeams)
    .set({ eliminatedInRound: round })
    .where(and(eq(tournamentTeams.tournamentId, tournamentId), eq(tournamentTeams.teamId, teamId)));
}

export interface NewBracketMatch {
  tournament: TournamentRow;
  round: number;
  position: number;
  bestOf: number;
  expectedStart: Date;
  now: Date;
}

/** A bracket match in status 3 without teams; `placeTeam` fills its sides. */
export async function insertBracketMatch(tx: Tx, m: NewBracketMatch): Promise<number> {
  const [row] = await tx
    .insert(matches)
    .values({
      type: 'tournament',
      statusId: 3,
      gameId: m.tournament.gameId,
      tournamentId: m.tournament.id,
      tournamentRound: m.round,
      bracketPosition: m.position,
      teamSize: m.tournament.teamSize,
      bestOf: m.bestOf,
      expectedStartDate: m.expectedStart,
      vetoFirstSide: 2,
      createdAt: m.now,
      updatedAt: m.now,
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function linkNextMatch(tx: Tx, matchId: number, nextMatchId: number, side: 1 | 2) {
  await tx.update(matches).set({ nextMatchId, nextMatchSide: side }).where(eq(matches.id, matchId));
}

export async function lockMatchRow(tx: Tx, matchId: number): Promise<MatchRow | null> {
  const [row] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  return row ?? null;
}

/**
 * Puts a team on one side of a not-yet-started bracket match: the side's team and captain, and its roster
 * as the match's players (replacing whoever held the slot before, after a dispute changed a result).
 */
export async function placeTeam(tx: Tx, match: MatchRow, side: 1 | 2, teamId: number, now: Date) {
  const roster = await tx
    .select({ userId: teamMembers.userId, isCaptain: teamMembers.isCaptain })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const captainId = roster.find((r) => r.isCaptain)?.userId ?? null;
  await tx.delete(matchPlayers).where(and(eq(matchPlayers.matchId, match.id), eq(matchPlayers.side, side)));
  const taken = await tx
    .select({ userId: matchPlayers.userId })
    .from(matchPlayers)
    .where(eq(matchPlayers.matchId, match.id));
  // A player on both rosters plays for the side that was placed first (one row per player per match).
  const players = roster.filter((r) => !taken.some((t) => t.userId === r.userId));
  if (players.length > 0) {
    await tx
      .insert(matchPlayers)
      .values(
        players.map((r) => ({ matchId: match.id, userId: r.userId, side, teamId, isCaptain: r.isCaptain })),
      );
  }
  const values =
    side === 1
      ? { challengerTeamId: teamId, challengerCaptainId: captainId }
      : { opponentTeamId: teamId, opponentCaptainId: captainId };
  const [updated] = await tx
    .update(matches)
    .set({ ...values, version: sql`${matches.version} + 1`, updatedAt: now })
    .where(eq(matches.id, match.id))
    .returning();
  if (!updated) throw new Error(`match ${String(match.id)} vanished`);
  return updated;
}

/** Gives a match whose two teams are known its start date: when planned, or now if that has passed. */
export async function scheduleWhenReady(tx: Tx, match: MatchRow, now: Date): Promise<void> {
  if (match.challengerTeamId === null || match.opponentTeamId === null || match.startDate !== null) return;
  const planned = match.expectedStartDate ?? now;
  await tx
    .update(matches)
    .set({ startDate: planned > now ? planned : now, version: sql`${matches.version} + 1`, updatedAt: now })
    .where(eq(matches.id, match.id));
}

/** Captains (or, with `everyone`, all members) of the teams. */
export async function membersOf(tx: Tx, teamIds: number[], everyone = false) {
  if (teamIds.length === 0) return [];
  return tx
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), everyone ? undefined : eq(teamMembers.isCaptain, true)));
}

export async function tournamentById(tx: Tx, id: number): Promise<TournamentRow | null> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  return row ?? null;
}
