import { FINAL_STATUSES } from '@versus/common/match/statuses';
import { and, asc, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, IdRef, Tx } from '../../db/client.ts';
import {
  ladderSeasons,
  ladderSeasonStandings,
  games,
  ladderTeams,
  ladders,
  matches,
  matchPlayers,
  teamInvitations,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { TeamInvitationRow, TeamRow } from '../../db/schema/index.ts';

type Queryable = Db | Tx;

/** The team's id by its slug, as a subquery (a page's reads go out together with the team's own). */
export const teamIdBySlug = (slug: string) =>
  sql`(select ${teams.id} from ${teams} where ${teams.slug} = ${slug.toLowerCase()})`;

export async function findTeamBySlug(db: Queryable, slug: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.slug, slug.toLowerCase()));
  return row ?? null;
}

/** The team row locked for a roster change (joins, leaves, captain moves queue up per team). */
export async function lockTeam(tx: Tx, teamId: number): Promise<TeamRow | null> {
  const [row] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return row ?? null;
}

export async function teamRosterWithUsers(db: Queryable, teamId: IdRef) {
  return db
    .select({ member: teamMembers, user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(desc(teamMembers.isCaptain), asc(teamMembers.joinedAt), asc(teamMembers.id));
}

export async function findMembership(db: Queryable, teamId: number, userId: number) {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

export async function countMembers(db: Queryable, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

export async function teamLadderEntries(db: Queryable, teamId: IdRef) {
  return db
    .select({ ladder: { id: ladders.id, name: ladders.name, slug: ladders.slug }, entry: ladderTeams })
    .from(ladderTeams)
    .innerJoin(ladders, eq(ladders.id, ladderTeams.ladderId))
    .where(eq(ladderTeams.teamId, teamId))
    .orderBy(asc(ladders.name));
}

/** The team's final standings in finished ladder seasons, newest first. */
export async function teamSeasonHistory(db: Queryable, teamId: IdRef) {
  return db
    .select({
      ladder: { name: ladders.name, slug: ladders.slug },
      season: { number: ladderSeasons.number, name: ladderSeasons.name },
      row: ladderSeasonStandings,
    })
    .from(ladderSeasonStandings)
    .innerJoin(ladderSeasons, eq(ladderSeasons.id, ladderSeasonStandings.seasonId))
    .innerJoin(ladders, eq(ladders.id, ladderSeasons.ladderId))
    .where(eq(ladderSeasonStandings.teamId, teamId))
    .orderBy(desc(ladderSeasons.startsAt), asc(ladders.name));
}

export async function defaultGameId(db: Queryable): Promise<number | null> {
  const [row] = await db.select({ id: games.id }).from(games).orderBy(asc(games.id)).limit(1);
  return row?.id ?? null;
}

export async function gameExists(db: Queryable, gameId: number): Promise<boolean> {
  const [row] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
  return row !== undefined;
}

export async function teamNameTaken(db: Queryable, gameId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.gameId, gameId), eq(sql`lower(${teams.name})`, name.toLowerCase())));
  return row !== undefined;
}

export async function slugsStartingWith(db: Queryable, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: teams.slug })
    .from(teams)
    .where(sql`${teams.slug} like ${`${base}%`}`);
  return new Set(rows.map((r) => r.slug));
}

export async function insertTeam(
  tx: Tx,
  values: {
    gameId: number;
    name: string;
    tag: string;
    slug: string;
    createdByUserId: number;
    rating: number;
    now: Date;
  },
): Promise<TeamRow> {
  const [row] = await tx
    .insert(teams)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertMember(
  tx: Tx,
  teamId: number,
  userId: number,
  isCaptain: boolean,
  now: Date,
): Promise<void> {
  await tx.insert(teamMembers).values({ teamId, userId, isCaptain, joinedAt: now }).onConflictDoNothing();
}

export async function deleteMember(tx: Tx, teamId: number, userId: number): Promise<void> {
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** Moves the captaincy; the old captain is cleared first (one captain per team is a unique index). */
export async function moveCaptain(tx: Tx, teamId: number, toUserId: number): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ isCaptain: false })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isCaptain, true)));
  await tx
    .update(teamMembers)
    .set({ isCaptain: true })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, toUserId)));
}

/** A match of the team not finished or cancelled in which the user is on the team's roster. */
export async function activeMatchOfMember(db: Queryable, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: matches.id })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(
      and(
        eq(matchPlayers.userId, userId),
        eq(matchPlayers.teamId, teamId),
        notInArray(matches.statusId, [...FINAL_STATUSES]),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function teamHasMatches(db: Queryable, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(or(eq(matches.challengerTeamId, teamId), eq(matches.opponentTeamId, teamId)))
    .limit(1);
  return row !== undefined;
}

export async function deleteTeam(tx: Tx, teamId: number): Promise<void> {
  await tx.delete(teams).where(eq(teams.id, teamId));
}

// Invitations.

export async function pendingInvitation(db: Queryable, teamId: number, userId: number) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.userId, userId),
        eq(teamInvitations.status, 'pending'),
      ),
    );
  return row ?? null;
}

export async function insertInvitation(
  tx: Tx,
  values: { teamId: number; userId: number; invitedByUserId: number; now: Date },
): Promise<TeamInvitationRow> {
  const [row] = await tx
    .insert(teamInvitations)
    .values({
      teamId: values.teamId,
      userId: values.userId,
      invitedByUserId: values.invitedByUserId,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The invitation, locked, when it is addressed to the user (anyone else's answers as missing). */
export async function lockOwnInvitation(tx: Tx, id: number, userId: number) {
  const [row] = await tx
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Any invitation by id, unlocked: the captain's withdrawal first needs its team to lock that. */
export async function findInvitation(db: Queryable, id: number): Promise<TeamInvitationRow | null> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, id));
  return row ?? null;
}

/** The invitation locked, after its team (the order every roster change takes). */
export async function lockInvitation(tx: Tx, id: number): Promise<TeamInvitationRow | null> {
  const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, id)).for('update');
  return row ?? null;
}

export async function answerInvitation(
  tx: Tx,
  id: number,
  status: 'accepted' | 'declined' | 'cancelled' | 'withdrawn',
  now: Date,
): Promise<void> {
  await tx.update(teamInvitations).set({ status, respondedAt: now }).where(eq(teamInvitations.id, id));
}

/** Pending invitations of other users to a team the user leaves, e.g. cancelled with the team. */
export async function cancelPendingInvitationsOf(tx: Tx, teamId: number, now: Date): Promise<void> {
  await tx
    .update(teamInvitations)
    .set({ status: 'cancelled', respondedAt: now })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending')));
}

export async function userPendingInvitations(db: Queryable, userId: number) {
  const inviter = sql`(select username from ${users} where ${users.id} = ${teamInvitations.invitedByUserId})`;
  return db
    .select({
      invitation: teamInvitations,
      team: { id: teams.id, name: teams.name, tag: teams.tag, slug: teams.slug, image: teams.image },
      invitedBy: sql<string | null>`${inviter}`,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.userId, userId), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
}

export async function teamPendingInvitations(db: Queryable, teamId: IdRef) {
  const inviter = sql`(select username from ${users} where ${users.id} = ${teamInvitations.invitedByUserId})`;
  return db
    .select({
      id: teamInvitations.id,
      userId: users.id,
      username: users.username,
      invitedAt: teamInvitations.createdAt,
      invitedBy: sql<string | null>`${inviter}`,
    })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.userId))
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending')))
    .orderBy(asc(teamInvitations.id));
}

export async function captainOf(db: Queryable, teamId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isCaptain, true)));
  return row?.userId ?? null;
}

/** Users of the team's roster who play one of its matches that is not finished or cancelled. */
export async function membersInActiveMatches(db: Queryable, teamId: IdRef): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ userId: matchPlayers.userId })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(
      and(
        eq(matchPlayers.teamId, teamId),
        notInArray(matches.statusId, [...FINAL_STATUSES]),
        // A player plays for the team only in the team's own matches: this lets the plan start from the
        // team's matches (two indexes) instead of every open match or every player row.
        or(eq(matches.challengerTeamId, teamId), eq(matches.opponentTeamId, teamId)),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of every team (those whose name or tag contains `search`, case-insensitive), the viewer's own
 * first, then by rating and name; with its member count and the viewer's membership. Also the total.
 */
export async function listTeams(
  db: Queryable,
  options: { page: number; perPage: number; search: string; viewerId: number | null },
) {
  const pattern = `%${likeLiteral(options.search.toLowerCase())}%`;
  const where = options.search
    ? or(sql`lower(${teams.name}) like ${pattern}`, sql`lower(${teams.tag}) like ${pattern}`)
    : undefined;
  const viewer = options.viewerId ?? 0;
  // Spelled out: Drizzle leaves a one-table query's columns unqualified, which the subqueries would
  // resolve to their own table.
  const teamId = sql.raw('"teams"."id"');
  const mine = sql<boolean>`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${viewer})`;
  const captain = sql<boolean>`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${viewer} and ${teamMembers.isCaptain})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        team: teams,
        members: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`,
        isMember: mine,
        isCaptain: captain,
      })
      .from(teams)
      .where(where)
      .orderBy(desc(mine), desc(teams.rating), asc(sql`lower(${teams.name})`), asc(teams.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(teams)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * The captaincy key space of the advisory locks (two-key form); the second key is the user id. Creating a
 * team and receiving a captaincy take the user's lock first, so two of them for one user cannot both pass
 * the captain limit.
 */
const CAPTAINCY_LOCK_SPACE = 0x63617074;

export async function lockCaptaincies(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAPTAINCY_LOCK_SPACE}::int, ${userId}::int)`);
}

/** The game's name and how many of its teams one user may captain, or null for no such game. */
export async function gameCaptainLimit(db: Queryable, gameId: number) {
  const [row] = await db
    .select({ name: games.name, maxCaptainedTeams: games.maxCaptainedTeams })
    .from(games)
    .where(eq(games.id, gameId));
  return row ?? null;
}

/** Teams of the game the user captains now. */
export async function captainedTeamCount(db: Queryable, userId: number, gameId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isCaptain, true), eq(teams.gameId, gameId)));
  return row?.n ?? 0;
}

const captainships = alias(teamMembers, 'captainship');

/** For each member of the team: how many teams of the team's game they captain now. */
export async function captaincyCountsOfMembers(db: Queryable, teamId: IdRef): Promise<Map<number, number>> {
  const own = alias(teams, 'own_team');
  const rows = await db
    .select({ userId: teamMembers.userId, n: sql<number>`count(${teams.id})::int` })
    .from(teamMembers)
    .innerJoin(own, eq(own.id, teamMembers.teamId))
    .leftJoin(
      captainships,
      and(eq(captainships.userId, teamMembers.userId), eq(captainships.isCaptain, true)),
    )
    .leftJoin(teams, and(eq(teams.id, captainships.teamId), eq(teams.gameId, own.gameId)))
    .where(eq(teamMembers.teamId, teamId))
    .groupBy(teamMembers.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The game's captain limit for the team's game (a page read; 1 when the game row is missing). */
export async function captainLimitOfTeam(db: Queryable, teamId: IdRef): Promise<number> {
  const [row] = await db
    .select({ limit: games.maxCaptainedTeams })
    .from(teams)
    .innerJoin(games, eq(games.id, teams.gameId))
    .where(eq(teams.id, teamId));
  return row?.limit ?? 1;
}

/** A user's username, or null. */
export async function findUsername(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
