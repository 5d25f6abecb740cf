import { FINAL_STATUSES, STATUS } from '@versus/common/match/statuses';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { games, locations, maps, matches, teams, tickets, users } from '../../db/schema/index.ts';
import type { LocationRow, MapRow } from '../../db/schema/index.ts';

const challengerTeam = alias(teams, 'challenger_team');
const opponentTeam = alias(teams, 'opponent_team');
const challengerCaptain = alias(users, 'challenger_captain');
const opponentCaptain = alias(users, 'opponent_captain');
const openedBy = alias(users, 'opened_by');

const summaryColumns = {
  id: matches.id,
  type: matches.type,
  statusId: matches.statusId,
  createdAt: matches.createdAt,
  startDate: matches.startDate,
  scoreEnteredAt: matches.scoreEnteredAt,
  scoreApprovalDeadline: matches.scoreApprovalDeadline,
  challengerScore: matches.challengerScore,
  opponentScore: matches.opponentScore,
  challengerTeamName: challengerTeam.name,
  opponentTeamName: opponentTeam.name,
  challengerCaptainName: challengerCaptain.username,
  opponentCaptainName: opponentCaptain.username,
};

/** Matches with both sides' names, newest first. */
export async function matchSummaries(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(summaryColumns)
    .from(matches)
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .leftJoin(challengerCaptain, eq(challengerCaptain.id, matches.challengerCaptainId))
    .leftJoin(opponentCaptain, eq(opponentCaptain.id, matches.opponentCaptainId))
    .where(where)
    .orderBy(desc(matches.id))
    .limit(limit);
}

export type MatchSummaryRow = Awaited<ReturnType<typeof matchSummaries>>[number];

export const scoresAwaitingApproval = (db: Db, limit: number) =>
  matchSummaries(db, eq(matches.statusId, STATUS.scoreEntered), limit);

/** Every match that is not finished or cancelled can be cancelled by an admin. */
export const cancellableMatches = (db: Db, limit: number) =>
  matchSummaries(db, notInArray(matches.statusId, [...FINAL_STATUSES]), limit);

export async function openTickets(db: Db, limit: number) {
  return db
    .select({
      id: tickets.id,
      matchId: tickets.matchId,
      description: tickets.description,
      createdAt: tickets.createdAt,
      openedBy: openedBy.username,
      matchStatusId: matches.statusId,
    })
    .from(tickets)
    .innerJoin(matches, eq(matches.id, tickets.matchId))
    .leftJoin(openedBy, eq(openedBy.id, tickets.openedByUserId))
    .where(eq(tickets.status, 'open'))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(limit);
}

export async function summariesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return matchSummaries(db, inArray(matches.id, ids), ids.length);
}

// Maps and locations.

export async function listMaps(db: Db): Promise<MapRow[]> {
  return db.select().from(maps).orderBy(asc(maps.gameId), asc(maps.name), asc(maps.id));
}

export async function findMap(db: Db, id: number): Promise<MapRow | null> {
  const [row] = await db.select().from(maps).where(eq(maps.id, id));
  return row ?? null;
}

export async function mapNameCmdTaken(db: Db, gameId: number, nameCmd: string, exceptId: number | null) {
  const rows = await db
    .select({ id: maps.id })
    .from(maps)
    .where(and(eq(maps.gameId, gameId), eq(maps.nameCmd, nameCmd)));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertMap(db: Db, values: typeof maps.$inferInsert): Promise<MapRow> {
  const [row] = await db.insert(maps).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateMap(db: Db, id: number, values: Partial<typeof maps.$inferInsert>) {
  const [row] = await db.update(maps).set(values).where(eq(maps.id, id)).returning();
  return row ?? null;
}

export async function firstGameId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: games.id }).from(games).orderBy(asc(games.id)).limit(1);
  return row?.id ?? null;
}

export async function listLocations(db: Db): Promise<LocationRow[]> {
  return db.select().from(locations).orderBy(asc(locations.country), asc(locations.city), asc(locations.id));
}

export async function locationTaken(db: Db, city: string, country: string, exceptId: number | null) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.city, city), eq(locations.country, country)));
  return rows.some((r) => r.id !== exceptId);
}

export async function findLocation(db: Db, id: number): Promise<LocationRow | null> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row ?? null;
}

export async function insertLocation(db: Db, values: typeof locations.$inferInsert): Promise<LocationRow> {
  const [row] = await db.insert(locations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateLocation(db: Db, id: number, values: Partial<typeof locations.$inferInsert>) {
  const [row] = await db.update(locations).set(values).where(eq(locations.id, id)).returning();
  return row ?? null;
}
