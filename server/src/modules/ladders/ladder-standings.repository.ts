import { STATUS } from '@versus/common/match/statuses';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ladderTeams, ladders, matches, teamMembers, teams } from '../../db/schema/index.ts';
import type { LadderRow } from '../../db/schema/index.ts';

type Queryable = Db | Tx;

export async function listLadders(db: Queryable) {
  return db
    .select({ ladder: ladders, teamsCount: count(ladderTeams.id) })
    .from(ladders)
    .leftJoin(ladderTeams, eq(ladderTeams.ladderId, ladders.id))
    .where(isNull(ladders.archivedAt))
    .groupBy(ladders.id)
    .orderBy(desc(ladders.isActive), asc(ladders.name));
}

/** By slug, or by id when the key is a number (the challenge API names ladders by id). */
export async function findLadderByKey(db: Queryable, key: string): Promise<LadderRow | null> {
  const byId = /^\d{1,9}$/.test(key) ? eq(ladders.id, Number(key)) : undefined;
  const [row] = await db
    .select()
    .from(ladders)
    .where(byId ? or(eq(ladders.slug, key), byId) : eq(ladders.slug, key))
    .limit(1);
  return row ?? null;
}

/** Standings: best rating first, then most wins, then who joined first. */
export async function ladderStandings(db: Queryable, ladderId: number) {
  return db
    .select({
      entry: ladderTeams,
      team: { id: teams.id, name: teams.name, tag: teams.tag, slug: teams.slug, image: teams.image },
      captainId: teamMembers.userId,
    })
    .from(ladderTeams)
    .innerJoin(teams, eq(teams.id, ladderTeams.teamId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.isCaptain, true)))
    .where(eq(ladderTeams.ladderId, ladderId))
    .orderBy(
      desc(ladderTeams.rating),
      desc(ladderTeams.wins),
      asc(ladderTeams.joinedAt),
      asc(ladderTeams.id),
    );
}

/** Teams (of the ladder's game) the user captains, with their member counts. */
export async function captainedTeams(db: Queryable, userId: number, gameId: number) {
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

/** Pairs of teams with a challenge still waiting (1) or scheduled (3) on the ladder, for `teamIds`. */
export async function openChallengePairs(db: Queryable, ladderId: number, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ a: matches.challengerTeamId, b: matches.opponentTeamId })
    .from(matches)
    .where(
      and(
        eq(matches.ladderId, ladderId),
        inArray(matches.statusId, [STATUS.challenge, STATUS.scheduled]),
        or(inArray(matches.challengerTeamId, teamIds), inArray(matches.opponentTeamId, teamIds)),
      ),
    );
}

export async function insertLadderTeam(tx: Tx, ladderId: number, teamId: number, rating: number, now: Date) {
  const rows = await tx
    .insert(ladderTeams)
    .values({ ladderId, teamId, rating, joinedAt: now })
    .onConflictDoNothing()
    .returning({ id: ladderTeams.id });
  return rows.length > 0;
}
