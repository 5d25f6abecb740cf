// Queries that load one match with everything its state and its presenters need. Loading under
// `lock: true` takes the match row with `SELECT ... FOR UPDATE`: every change of a match runs inside that
// lock, so two clicks, two instances or a click and the sweeper are applied one after the other.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  games,
  ladderTeams,
  ladders,
  locations,
  locationPings,
  locationVotes,
  mapPoolMaps,
  maps,
  matchMaps,
  matchPlayers,
  matches,
  soloQueues,
  teamMapPreferences as teamMapPreferencesTable,
  teamMembers,
  teams,
  tournaments,
  users,
} from '../../../db/schema/index.ts';
import type { MatchRow, UserRow } from '../../../db/schema/index.ts';
import type { MapPreferences } from '@versus/common/match/state';
import { toMatchState } from './match-state.mapper.ts';
import type { CompetitionInfo, MapInfo, MatchParts, MatchRecord, TeamInfo } from './match-state.mapper.ts';

export type Queryable = Db | Tx;

/** The match row's `version` (every change bumps it), or null for no such match. */
export async function matchVersion(db: Queryable, matchId: number): Promise<number | null> {
  const [row] = await db.select({ version: matches.version }).from(matches).where(eq(matches.id, matchId));
  return row?.version ?? null;
}

/**
 * One match with its rows, or null. `lock` takes the row lock (call inside a transaction). `reuse`: the
 * rows of this match as this instance last knew them (its read cache); when their match row has the
 * version the locked row has, nothing but the match row is read again. Every change of what they hold
 * bumps the version (the commands, the bracket, the statistics' log scores); players' and teams' own rows
 * (names, avatars, ratings) are at most as old as the read cache allows (see match-read-cache.ts).
 */
export async function loadMatch(
  db: Queryable,
  matchId: number,
  options: { lock: boolean; reuse?: MatchParts | null },
): Promise<MatchRecord | null> {
  const query = db.select().from(matches).where(eq(matches.id, matchId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return null;
  if (options.reuse && options.reuse.row.id === row.id && options.reuse.row.version === row.version) {
    return toMatchState({ ...options.reuse, row });
  }
  // Sequential on purpose: inside a transaction all queries share one connection. Kept as small primary-key
  // reads: one joined query of the match, its competition and teams was measured slower on both PGlite
  // (planning a many-relation join costs ~5 ms there) and PostgreSQL; the read cache (match-read-cache.ts)
  // is what makes the hot read cheap.
  const competition = await loadCompetition(db, row);
  const teamRows = await loadTeams(db, row);
  const playerRows = await loadPlayers(db, row);
  const mapRows = await loadMatchMaps(db, row.id);
  // Every match type may vote (the competition's location rule, as the match copied it).
  const votes = competition.locationRule === 'vote' ? await loadLocationVoting(db, row.id) : null;
  const persisted = mapRows.length > 0;
  const mapInfos = persisted ? mapRows : await loadPoolMaps(db, competition.mapPoolId);
  const captains = await loadUsers(
    db,
    [row.challengerCaptainId, row.opponentCaptainId].filter(
      (id): id is number => id !== null && !playerRows.some((p) => p.user.id === id),
    ),
  );
  const usersById = new Map<number, UserRow>([
    ...playerRows.map((p) => [p.user.id, p.user] as const),
    ...captains.map((u) => [u.id, u] as const),
  ]);
  return toMatchState({
    loadedAt: performance.now(),
    row,
    competition,
    teams: {
      challenger: teamRows.find((t) => t.team.id === row.challengerTeamId) ?? null,
      opponent: teamRows.find((t) => t.team.id === row.opponentTeamId) ?? null,
    },
    players: playerRows.map((p) => ({
      userId: p.user.id,
      side: p.side,
      isSub: p.isSub,
      replacedUserId: p.replacedUserId,
    })),
    rosterSizes: {
      challenger: await rosterSize(db, row.challengerTeamId),
      opponent: await rosterSize(db, row.opponentTeamId),
    },
    users: usersById,
    maps: mapInfos,
    mapsPersisted: persisted,
    location: votes ?? { candidateIds: [], votes: [], pings: [] },
  });
}

async function loadCompetition(db: Queryable, row: MatchRow): Promise<CompetitionInfo> {
  return withSnapshot(await loadCompetitionRow(db, row), row);
}

/**
 * The engine fields the match copied from its competition when it was created (`matches.settings`) win
 * over the competition's current values: an admin's later edit never changes a match already created.
 */
function withSnapshot(live: CompetitionInfo, row: MatchRow): CompetitionInfo {
  const s = row.settings;
  if (!s) return live;
  const readySeconds = s.readyCheckMinutes === undefined ? live.readySeconds : s.readyCheckMinutes * 60;
  return {
    ...live,
    mapPoolId: s.mapPoolId ?? live.mapPoolId,
    vetoTurnSeconds: s.vetoTurnSeconds ?? live.vetoTurnSeconds,
    promodMode: s.promodMode ?? live.promodMode,
    scoreApprovalSeconds: s.scoreApprovalSeconds ?? null,
    disputeWindowSeconds: s.disputeWindowSeconds ?? null,
    ...(readySeconds === undefined ? {} : { readySeconds }),
    ...(s.pickTurnSeconds === undefined ? {} : { pickSeconds: s.pickTurnSeconds }),
    ...(s.locationVoteSeconds === undefined ? {} : { locationVoteSeconds: s.locationVoteSeconds }),
    teamSize: s.teamSize ?? live.teamSize,
    drawsAllowed: s.drawsAllowed ?? live.drawsAllowed,
    ...(s.locationRule === 'vote' || s.locationRule === 'fixed'
      ? { locationRule: s.locationRule, fixedLocationId: s.fixedLocationId ?? null }
      : {}),
  };
}

function locationRuleOf(c: { locationRule: string; fixedLocationId: number | null }) {
  return c.locationRule === 'fixed' && c.fixedLocationId !== null
    ? { locationRule: 'fixed' as const, fixedLocationId: c.fixedLocationId }
    : { locationRule: 'vote' as const, fixedLocationId: null };
}

async function loadCompetitionRow(db: Queryable, row: MatchRow): Promise<CompetitionInfo> {
  const [game] = await db
    .select({ maxMapScore: games.maxMapScore })
    .from(games)
    .where(eq(games.id, row.gameId));
  const maxMapScore = game?.maxMapScore ?? 100;
  if (row.ladderId !== null) {
    const [l] = await db.select().from(ladders).where(eq(ladders.id, row.ladderId));
    if (!l) throw new Error(`Ladder ${String(row.ladderId)} of match ${String(row.id)} is missing`);
    return {
      kind: 'ladder',
      id: l.id,
      name: l.name,
      slug: l.slug,
      mapPoolId: l.mapPoolId,
      vetoTurnSeconds: l.vetoTurnSeconds,
      promodMode: l.promodMode,
      scoreApprovalSeconds: l.scoreApprovalSeconds,
      disputeWindowSeconds: l.disputeWindowSeconds,
      maxMapScore,
      teamSize: l.teamSize,
      drawsAllowed: l.drawsAllowed,
      locationVoteSeconds: l.locationVoteSeconds,
      ...locationRuleOf(l),
    };
  }
  if (row.tournamentId !== null) {
    const [t] = await db.select().from(tournaments).where(eq(tournaments.id, row.tournamentId));
    if (!t) throw new Error(`Tournament ${String(row.tournamentId)} of match ${String(row.id)} is missing`);
    return {
      kind: 'tournament',
      id: t.id,
      name: t.name,
      slug: t.slug,
      mapPoolId: t.mapPoolId,
      vetoTurnSeconds: t.vetoTurnSeconds,
      promodMode: t.promodMode,
      scoreApprovalSeconds: t.scoreApprovalSeconds,
      disputeWindowSeconds: t.disputeWindowSeconds,
      readySeconds: t.readyCheckMinutes * 60,
      maxMapScore,
      teamSize: t.teamSize,
      drawsAllowed: t.drawsAllowed,
      locationVoteSeconds: t.locationVoteSeconds,
      ...locationRuleOf(t),
    };
  }
  const [q] = await db
    .select()
    .from(soloQueues)
    .where(eq(soloQueues.id, row.soloQueueId ?? -1));
  if (!q) throw new Error(`Solo-queue of match ${String(row.id)} is missing`);
  return {
    kind: 'solo-queue',
    id: q.id,
    name: q.name,
    slug: q.slug,
    mapPoolId: q.mapPoolId,
    vetoTurnSeconds: q.vetoTurnSeconds,
    promodMode: q.promodMode,
    scoreApprovalSeconds: q.scoreApprovalSeconds,
    disputeWindowSeconds: q.disputeWindowSeconds,
    pickSeconds: q.pickTurnSeconds,
    locationVoteSeconds: q.locationVoteSeconds,
    maxMapScore,
    teamSize: q.teamSize,
    drawsAllowed: q.drawsAllowed,
    ...locationRuleOf(q),
  };
}

async function loadTeams(db: Queryable, row: MatchRow): Promise<TeamInfo[]> {
  const ids = [row.challengerTeamId, row.opponentTeamId].filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const found = await db
    .select({
      team: teams,
      ladderRating: ladderTeams.rating,
      ladderMu: ladderTeams.mu,
      ladderSigma: ladderTeams.sigma,
    })
    .from(teams)
    .leftJoin(
      ladderTeams,
      and(eq(ladderTeams.teamId, teams.id), eq(ladderTeams.ladderId, row.ladderId ?? -1)),
    )
    .where(inArray(teams.id, ids));
  return found.map(({ team, ladderRating, ladderMu, ladderSigma }) => ({
    team,
    ladderRating,
    ladderSkill: ladderMu !== null && ladderSigma !== null ? { mu: ladderMu, sigma: ladderSigma } : null,
  }));
}

async function loadPlayers(db: Queryable, row: MatchRow) {
  return db
    .select({
      user: users,
      side: matchPlayers.side,
      isSub: matchPlayers.isSub,
      replacedUserId: matchPlayers.replacedUserId,
    })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(eq(matchPlayers.matchId, row.id))
    .orderBy(asc(matchPlayers.id));
}

/** A team's saved map preferences for a pool, each list in order (null: no team). Read by veto timeouts. */
export async function teamMapPreferences(
  db: Queryable,
  teamId: number | null,
  mapPoolId: number,
): Promise<MapPreferences | null> {
  if (teamId === null) return null;
  const rows = await db
    .select({ mapId: teamMapPreferencesTable.mapId, action: teamMapPreferencesTable.action })
    .from(teamMapPreferencesTable)
    .where(and(eq(teamMapPreferencesTable.teamId, teamId), eq(teamMapPreferencesTable.mapPoolId, mapPoolId)))
    .orderBy(asc(teamMapPreferencesTable.position), asc(teamMapPreferencesTable.id));
  return {
    ban: rows.filter((r) => r.action === 'ban').map((r) => r.mapId),
    pick: rows.filter((r) => r.action === 'pick').map((r) => r.mapId),
  };
}

/** Players on a team's roster now (null: no team). */
async function rosterSize(db: Queryable, teamId: number | null): Promise<number | null> {
  if (teamId === null) return null;
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

async function loadUsers(db: Queryable, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

async function loadMatchMaps(db: Queryable, matchId: number): Promise<MapInfo[]> {
  const rows = await db
    .select({ mm: matchMaps, map: maps })
    .from(matchMaps)
    .innerJoin(maps, eq(maps.id, matchMaps.mapId))
    .where(eq(matchMaps.matchId, matchId))
    .orderBy(asc(matchMaps.position), asc(matchMaps.id));
  return rows.map(({ mm, map }) => ({
    mapId: map.id,
    name: map.name,
    nameCmd: map.nameCmd,
    image: map.image,
    position: mm.position,
    row: mm,
  }));
}

/** The competition's pool, in grid order: the match's maps until the veto copies them. */
async function loadPoolMaps(db: Queryable, mapPoolId: number): Promise<MapInfo[]> {
  const rows = await db
    .select({ map: maps, position: mapPoolMaps.position })
    .from(mapPoolMaps)
    .innerJoin(maps, eq(maps.id, mapPoolMaps.mapId))
    .where(eq(mapPoolMaps.mapPoolId, mapPoolId))
    .orderBy(asc(mapPoolMaps.position), asc(maps.id));
  return rows.map(({ map, position }) => ({
    mapId: map.id,
    name: map.name,
    nameCmd: map.nameCmd,
    image: map.image,
    position,
    row: null,
  }));
}

async function loadLocationVoting(db: Queryable, matchId: number) {
  const candidates = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.isActive, true))
    .orderBy(asc(locations.id));
  const votes = await db
    .select({ userId: locationVotes.userId, locationId: locationVotes.locationId })
    .from(locationVotes)
    .where(eq(locationVotes.matchId, matchId));
  const pings = await db
    .select({ userId: locationPings.userId, locationId: locationPings.locationId, ms: locationPings.ms })
    .from(locationPings)
    .where(eq(locationPings.matchId, matchId))
    .orderBy(asc(locationPings.id));
  return { candidateIds: candidates.map((c) => c.id), votes, pings };
}
