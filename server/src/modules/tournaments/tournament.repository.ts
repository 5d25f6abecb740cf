import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { matches, teamMembers, teams, tournamentTeams, tournaments } from '../../db/schema/index.ts';
import type { TournamentRow } from '../../db/schema/index.ts';

type Queryable = Db | Tx;

export async function listTournaments(db: Queryable) {
  return db
    .select({ tournament: tournaments, teamsCount: count(tournamentTeams.id) })
    .from(tournaments)
    .leftJoin(
      tournamentTeams,
      and(eq(tournamentTeams.tournamentId, tournaments.id), isNull(tournamentTeams.withdrawnAt)),
    )
    .where(isNull(tournaments.archivedAt))
    .groupBy(tournaments.id)
    .orderBy(desc(tournaments.startDate), desc(tournaments.id));
}

export async function findTournamentBySlug(db: Queryable, slug: string): Promise<TournamentRow | null> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.slug, slug));
  return row ?? null;
}

export async function lockTournament(tx: Tx, id: number): Promise<TournamentRow | null> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
  return row ?? null;
}

/** Signed-up (not withdrawn) teams, by seed once the bracket exists, else by sign-up time. */
export async function tournamentEntries(db: Queryable, tournamentId: number) {
  return db
    .select({
      entry: tournamentTeams,
      team: { id: teams.id, name: teams.name, tag: teams.tag, slug: teams.slug, rating: teams.rating },
    })
    .from(tournamentTeams)
    .innerJoin(teams, eq(teams.id, tournamentTeams.teamId))
    .where(and(eq(tournamentTeams.tournamentId, tournamentId), isNull(tournamentTeams.withdrawnAt)))
    .orderBy(asc(tournamentTeams.seed), asc(tournamentTeams.signedUpAt), asc(tournamentTeams.id));
}

export async function findEntry(db: Queryable, tournamentId: number, teamId: number) {
  const [row] = await db
    .select()
    .from(tournamentTeams)
    .where(and(eq(tournamentTeams.tournamentId, tournamentId), eq(tournamentTeams.teamId, teamId)));
  return row ?? null;
}

/** Signs a team up, or signs a withdrawn team up again. */
export async function upsertEntry(tx: Tx, tournamentId: number, teamId: number, now: Date): Promise<void> {
  await tx
    .insert(tournamentTeams)
    .values({ tournamentId, teamId, signedUpAt: now })
    .onConflictDoUpdate({
      target: [tournamentTeams.tournamentId, tournamentTeams.teamId],
      set: { withdrawnAt: null, signedUpAt: now },
    });
}

export async function markCheckedIn(tx: Tx, entryId: number, now: Date): Promise<void> {
  await tx.update(tournamentTeams).set({ checkedInAt: now }).where(eq(tournamentTeams.id, entryId));
}

export async function withdrawEntry(tx: Tx, entryId: number, now: Date): Promise<void> {
  await tx.update(tournamentTeams).set({ withdrawnAt: now }).where(eq(tournamentTeams.id, entryId));
}

/** Teams of the tournament's game the user captains, with their member counts. */
export async function captainedTeamsOfGame(db: Queryable, userId: number, gameId: number) {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      slug: teams.slug,
      members: sql<number>`(select count(*)::int from ${teamMembers} roster where roster.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isCaptain, true), eq(teams.gameId, gameId)))
    .orderBy(asc(teams.name));
}

const challenger = alias(teams, 'challenger_team');
const opponent = alias(teams, 'opponent_team');

/** The bracket's matches with both teams, by round and position. */
export async function bracketMatches(db: Queryable, tournamentId: number) {
  return db
    .select({
      id: matches.id,
      round: matches.tournamentRound,
      position: matches.bracketPosition,
      statusId: matches.statusId,
      bestOf: matches.bestOf,
      startDate: matches.startDate,
      expectedStartDate: matches.expectedStartDate,
      challengerScore: matches.challengerScore,
      opponentScore: matches.opponentScore,
      winnerSide: matches.winnerSide,
      forfeit: matches.forfeit,
      bracketRef: matches.bracketRef,
      challengerTeam: {
        id: challenger.id,
        name: challenger.name,
        tag: challenger.tag,
        slug: challenger.slug,
      },
      opponentTeam: { id: opponent.id, name: opponent.name, tag: opponent.tag, slug: opponent.slug },
    })
    .from(matches)
    .leftJoin(challenger, eq(challenger.id, matches.challengerTeamId))
    .leftJoin(opponent, eq(opponent.id, matches.opponentTeamId))
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.tournamentRound), asc(matches.bracketPosition));
}

export async function teamById(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, tag: teams.tag, slug: teams.slug })
    .from(teams)
    .where(eq(teams.id, id));
  return row ?? null;
}
