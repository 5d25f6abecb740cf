// Competitions and the catalogue they use, for admins: games, map pools (and map images), ladders,
// tournaments and solo-queues. Every engine field is validated by the body schemas (ranges in
// `COMPETITION_LIMITS`); here the cross-row rules: the game and the pool exist and match, slugs are unique,
// and a tournament's draw settings only change before its bracket is drawn. A match copies what it reads
// from its competition when it is created (`matches.settings`), so none of these edits changes a match
// already created.
import crypto from 'node:crypto';
import type {
  AdminGame,
  AdminLadder,
  AdminMapPool,
  AdminSoloQueue,
  AdminTournament,
  createGameBody,
  createLadderBody,
  createMapPoolBody,
  createSoloQueueBody,
  createTournamentBody,
  tournamentSeedsBody,
  updateGameBody,
  updateLadderBody,
  updateMapPoolBody,
  updateSoloQueueBody,
  updateTournamentBody,
} from '@versus/common/api/admin';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  games,
  ladders,
  locations,
  mapPoolMaps,
  mapPools,
  maps,
  matchMaps,
  matches,
  soloQueues,
  tournamentTeams,
  tournaments,
} from '../../db/schema/index.ts';
import type { LadderRow, SoloQueueRow, TournamentRow } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { sniffImage } from '../users/index.ts';

export const COMPETITION_TEXTS = {
  gameNotFound: 'Game not found.',
  mapPoolNotFound: 'Map pool not found.',
  ladderNotFound: 'Ladder not found.',
  tournamentNotFound: 'Tournament not found.',
  soloQueueNotFound: 'Solo-queue not found.',
  mapNotFound: 'Map not found.',
  noGame: 'The selected game does not exist.',
  noPool: 'The selected map pool does not exist.',
  poolOtherGame: 'The map pool belongs to another game.',
  mapsOtherGame: "Every map must be an active map of the pool's game.",
  poolTooSmall: 'The map pool needs at least as many maps as the longest best-of.',
  slugTaken: 'The slug has already been taken.',
  gameSlugTaken: 'The slug has already been taken.',
  poolInUse:
    'This map pool is used by matches whose veto has not started; make a new pool and point the competition at it.',
  started: 'The bracket has been drawn; only the name, description and clocks can change now.',
  notUpcoming: 'Only an upcoming tournament can be cancelled.',
  archiveUnfinished: 'Only a finished or cancelled tournament can be archived.',
  seedsManual: 'Seeds can be set only on an upcoming tournament with manual seeding.',
  seedsNotSignedUp: 'Every seeded team must be signed up.',
  groupsTooMany: 'The group count must leave at least two teams per group.',
  playoffGroups: 'The playoff teams must be a multiple of the group count.',
  imageNotImage: 'The image must be a PNG, JPEG or WebP image.',
  imageTooLarge: 'The image must not be greater than 2048 kilobytes.',
  seedsSaved: 'The seeds were saved.',
  fixedLocationRequired: 'The fixed location id field is required when the location rule is fixed.',
  fixedLocationUnknown: 'The selected fixed location does not exist.',
} as const;

export const MAP_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MAP_IMAGE_PREFIX = 'maps/';

const iso = (d: Date) => d.toISOString();

// ---- games ------------------------------------------------------------------------------------------

const presentGame = (g: typeof games.$inferSelect): AdminGame => ({
  id: g.id,
  slug: g.slug,
  name: g.name,
  maxMapScore: g.maxMapScore,
  maxCaptainedTeams: g.maxCaptainedTeams,
});

export async function listGames(db: Db) {
  return { data: (await db.select().from(games).orderBy(asc(games.id))).map(presentGame) };
}

export async function createGame(db: Db, body: z.output<typeof createGameBody>) {
  if (await gameSlugTaken(db, body.slug))
    throw new ValidationError({ slug: [COMPETITION_TEXTS.gameSlugTaken] });
  const [row] = await db.insert(games).values(body).returning();
  if (!row) throw new Error('insert returned no row');
  return { data: presentGame(row) };
}

export async function editGame(db: Db, id: number, body: z.output<typeof updateGameBody>) {
  const [found] = await db.select().from(games).where(eq(games.id, id));
  if (!found) throw new NotFoundError(COMPETITION_TEXTS.gameNotFound);
  if (body.slug !== undefined && body.slug !== found.slug && (await gameSlugTaken(db, body.slug))) {
    throw new ValidationError({ slug: [COMPETITION_TEXTS.gameSlugTaken] });
  }
  if (Object.keys(body).length === 0) return { data: presentGame(found) };
  const [row] = await db.update(games).set(body).where(eq(games.id, id)).returning();
  return { data: presentGame(row ?? found) };
}

async function gameSlugTaken(db: Db, slug: string) {
  return (await db.select({ id: games.id }).from(games).where(eq(games.slug, slug))).length > 0;
}

// ---- map pools --------------------------------------------------------------------------------------

async function poolMapIds(db: Db | Tx, poolIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(poolIds.map((id) => [id, []]));
  if (poolIds.length === 0) return out;
  const rows = await db
    .select()
    .from(mapPoolMaps)
    .where(inArray(mapPoolMaps.mapPoolId, poolIds))
    .orderBy(asc(mapPoolMaps.position), asc(mapPoolMaps.mapId));
  for (const r of rows) out.get(r.mapPoolId)?.push(r.mapId);
  return out;
}

export async function listMapPools(db: Db) {
  const rows = await db.select().from(mapPools).orderBy(asc(mapPools.id));
  const ids = await poolMapIds(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r): AdminMapPool => ({
      id: r.id,
      gameId: r.gameId,
      name: r.name,
      mapIds: ids.get(r.id) ?? [],
    })),
  };
}

async function checkPoolMaps(db: Db | Tx, gameId: number, mapIds: number[]) {
  const found = await db
    .select({ id: maps.id })
    .from(maps)
    .where(and(inArray(maps.id, mapIds), eq(maps.gameId, gameId), eq(maps.isActive, true)));
  if (found.length !== mapIds.length)
    throw new ValidationError({ mapIds: [COMPETITION_TEXTS.mapsOtherGame] });
  if (mapIds.length < 5) throw new ValidationError({ mapIds: [COMPETITION_TEXTS.poolTooSmall] });
}

async function writePoolMaps(tx: Tx, poolId: number, mapIds: number[]) {
  await tx.delete(mapPoolMaps).where(eq(mapPoolMaps.mapPoolId, poolId));
  await tx
    .insert(mapPoolMaps)
    .values(mapIds.map((mapId, position) => ({ mapPoolId: poolId, mapId, position })));
}

export async function createMapPool(db: Db, body: z.output<typeof createMapPoolBody>) {
  const gameId = await resolveGame(db, body.gameId);
  await checkPoolMaps(db, gameId, body.mapIds);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(mapPools).values({ gameId, name: body.name }).returning();
    if (!row) throw new Error('insert returned no row');
    await writePoolMaps(tx, row.id, body.mapIds);
    return { data: { id: row.id, gameId, name: row.name, mapIds: body.mapIds } };
  });
}

/**
 * Renames a pool or changes its maps. Matches copy the pool into their own maps when the veto starts;
 * a pool that matches still wait to copy cannot change its maps (409), so no match's veto changes.
 */
export async function editMapPool(db: Db, id: number, body: z.output<typeof updateMapPoolBody>) {
  const [found] = await db.select().from(mapPools).where(eq(mapPools.id, id));
  if (!found) throw new NotFoundError(COMPETITION_TEXTS.mapPoolNotFound);
  if (body.mapIds) {
    await checkPoolMaps(db, found.gameId, body.mapIds);
    if (await poolAwaitedByMatches(db, id)) throw new ConflictError(COMPETITION_TEXTS.poolInUse);
  }
  return db.transaction(async (tx) => {
    if (body.name !== undefined)
      await tx.update(mapPools).set({ name: body.name }).where(eq(mapPools.id, id));
    if (body.mapIds) await writePoolMaps(tx, id, body.mapIds);
    const mapIds = (await poolMapIds(tx, [id])).get(id) ?? [];
    return { data: { id, gameId: found.gameId, name: body.name ?? found.name, mapIds } };
  });
}

async function poolAwaitedByMatches(db: Db, poolId: number): Promise<boolean> {
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .leftJoin(matchMaps, eq(matchMaps.matchId, matches.id))
    .where(
      and(
        sql`(${matches.settings}->>'mapPoolId')::int = ${poolId}`,
        notInArray(matches.statusId, [STATUS.finished, STATUS.cancelled]),
        isNull(matchMaps.id),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Stores a map's image (checked by its first bytes) and points the map at it; the old upload is removed. */
export async function uploadMapImage(db: Db, storage: FileStorage, id: number, bytes: Buffer) {
  const [found] = await db.select().from(maps).where(eq(maps.id, id));
  if (!found) throw new NotFoundError(COMPETITION_TEXTS.mapNotFound);
  if (bytes.length > MAP_IMAGE_MAX_BYTES)
    throw new ValidationError({ image: [COMPETITION_TEXTS.imageTooLarge] });
  const ext = sniffImage(bytes);
  if (!ext) throw new ValidationError({ image: [COMPETITION_TEXTS.imageNotImage] });
  const type = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[ext];
  const key = `${MAP_IMAGE_PREFIX}${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await storage.put(key, bytes, type);
  const url = storage.url(key);
  const [row] = await db.update(maps).set({ image: url }).where(eq(maps.id, id)).returning();
  // The previous upload (not a bundled image) is removed.
  const previousFile = found.image
    ? /\/maps\/([0-9a-f]{32}\.(?:png|jpg|webp))$/.exec(found.image)?.[1]
    : undefined;
  if (previousFile && storage.url(`${MAP_IMAGE_PREFIX}${previousFile}`) === found.image) {
    await storage.delete(`${MAP_IMAGE_PREFIX}${previousFile}`);
  }
  return {
    data: {
      id,
      gameId: found.gameId,
      name: found.name,
      nameCmd: found.nameCmd,
      image: row?.image ?? url,
      isActive: found.isActive,
    },
  };
}

// ---- shared competition rules -----------------------------------------------------------------------

async function resolveGame(db: Db | Tx, gameId: number | undefined): Promise<number> {
  const [row] =
    gameId === undefined
      ? await db.select({ id: games.id }).from(games).orderBy(asc(games.id)).limit(1)
      : await db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
  if (!row) throw new ValidationError({ gameId: [COMPETITION_TEXTS.noGame] });
  return row.id;
}

async function checkPool(db: Db | Tx, poolId: number, gameId: number) {
  const [pool] = await db.select().from(mapPools).where(eq(mapPools.id, poolId));
  if (!pool) throw new ValidationError({ mapPoolId: [COMPETITION_TEXTS.noPool] });
  if (pool.gameId !== gameId) throw new ValidationError({ mapPoolId: [COMPETITION_TEXTS.poolOtherGame] });
}

/**
 * The location rule after this change: `fixed` needs an existing location (422 on `fixedLocationId`),
 * `vote` clears it. Returns the columns to write (none when the body names neither field).
 */
async function locationSettings(
  db: Db | Tx,
  body: { locationRule?: 'vote' | 'fixed' | undefined; fixedLocationId?: number | null | undefined },
  found?: { locationRule: string; fixedLocationId: number | null },
): Promise<{ locationRule?: 'vote' | 'fixed'; fixedLocationId?: number | null }> {
  if (body.locationRule === undefined && body.fixedLocationId === undefined) return {};
  const rule = body.locationRule ?? (found?.locationRule === 'fixed' ? 'fixed' : 'vote');
  if (rule === 'vote') return { locationRule: 'vote', fixedLocationId: null };
  const fixedId =
    body.fixedLocationId === undefined ? (found?.fixedLocationId ?? null) : body.fixedLocationId;
  if (fixedId === null)
    throw new ValidationError({ fixedLocationId: [COMPETITION_TEXTS.fixedLocationRequired] });
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, fixedId));
  if (!row) throw new ValidationError({ fixedLocationId: [COMPETITION_TEXTS.fixedLocationUnknown] });
  return { locationRule: 'fixed', fixedLocationId: fixedId };
}

function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);
  return base === '' ? 'competition' : base;
}

type SlugTable = typeof ladders | typeof tournaments | typeof soloQueues;

async function slugFor(
  db: Db | Tx,
  table: SlugTable,
  name: string,
  wanted: string | undefined,
  selfId?: number,
) {
  const taken = async (slug: string) => {
    const rows = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
    return rows.some((r) => r.id !== selfId);
  };
  if (wanted !== undefined) {
    if (await taken(wanted)) throw new ValidationError({ slug: [COMPETITION_TEXTS.slugTaken] });
    return wanted;
  }
  const base = slugify(name);
  if (!(await taken(base))) return base;
  for (let n = 2; ; n++) if (!(await taken(`${base}-${String(n)}`))) return `${base}-${String(n)}`;
}

const commonAnswer = (r: LadderRow | TournamentRow | SoloQueueRow, url: string) => ({
  id: r.id,
  slug: r.slug,
  url,
  name: r.name,
  gameId: r.gameId,
  mapPoolId: r.mapPoolId,
  teamSize: r.teamSize,
  vetoTurnSeconds: r.vetoTurnSeconds,
  promodMode: r.promodMode,
  scoreApprovalSeconds: r.scoreApprovalSeconds,
  disputeWindowSeconds: r.disputeWindowSeconds,
  drawsAllowed: r.drawsAllowed,
  locationRule: r.locationRule === 'fixed' ? ('fixed' as const) : ('vote' as const),
  fixedLocationId: r.fixedLocationId,
  locationVoteSeconds: r.locationVoteSeconds,
  createdAt: iso(r.createdAt),
});

// ---- ladders ----------------------------------------------------------------------------------------

const presentLadder = (r: LadderRow): AdminLadder => ({
  ...commonAnswer(r, `/ladder/${r.slug}`),
  description: r.description,
  isActive: r.isActive,
  archivedAt: r.archivedAt ? iso(r.archivedAt) : null,
});

/** `archived` as columns: archiving stamps the moment (a ladder also closes); un-archiving clears it. */
function archiveColumns(archived: boolean | undefined, current: Date | null) {
  if (archived === undefined) return {};
  return { archivedAt: archived ? (current ?? new Date()) : null };
}

export async function listLadders(db: Db) {
  return { data: (await db.select().from(ladders).orderBy(asc(ladders.id))).map(presentLadder) };
}

export async function getLadder(db: Db, id: number) {
  const [row] = await db.select().from(ladders).where(eq(ladders.id, id));
  if (!row) throw new NotFoundError(COMPETITION_TEXTS.ladderNotFound);
  return { data: presentLadder(row) };
}

export async function createLadder(db: Db, body: z.output<typeof createLadderBody>) {
  const gameId = await resolveGame(db, body.gameId);
  await checkPool(db, body.mapPoolId, gameId);
  const slug = await slugFor(db, ladders, body.name, body.slug);
  const location = await locationSettings(db, body);
  const [row] = await db
    .insert(ladders)
    .values({ ...body, ...location, gameId, slug })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { data: presentLadder(row) };
}

export async function editLadder(db: Db, id: number, body: z.output<typeof updateLadderBody>) {
  const [found] = await db.select().from(ladders).where(eq(ladders.id, id));
  if (!found) throw new NotFoundError(COMPETITION_TEXTS.ladderNotFound);
  const gameId = body.gameId === undefined ? found.gameId : await resolveGame(db, body.gameId);
  await checkPool(db, body.mapPoolId ?? found.mapPoolId, gameId);
  const slug = body.slug === undefined ? found.slug : await slugFor(db, ladders, found.name, body.slug, id);
  const location = await locationSettings(db, body, found);
  const { archived, ...rest } = body;
  const [row] = await db
    .update(ladders)
    .set({
      ...rest,
      ...location,
      gameId,
      slug,
      ...archiveColumns(archived, found.archivedAt),
      ...(archived ? { isActive: false } : {}),
    })
    .where(eq(ladders.id, id))
    .returning();
  return { data: presentLadder(row ?? found) };
}

// ---- solo-queues ------------------------------------------------------------------------------------

const presentSoloQueue = (r: SoloQueueRow): AdminSoloQueue => ({
  ...commonAnswer(r, `/queue`),
  bestOf: r.bestOf,
  pickTurnSeconds: r.pickTurnSeconds,
  teamFormation: r.teamFormation === 'balanced' ? 'balanced' : 'draft',
  isActive: r.isActive,
});

export async function listSoloQueues(db: Db) {
  return { data: (await db.select().from(soloQueues).orderBy(asc(soloQueues.id))).map(presentSoloQueue) };
}

export async function getSoloQueue(db: Db, id: number) {
  const [row] = await db.select().from(soloQueues).where(eq(soloQueues.id, id));
  if (!row) throw new NotFoundError(COMPETITION_TEXTS.soloQueueNotFound);
  return { data: presentSoloQueue(row) };
}

export async function createSoloQueue(db: Db, body: z.output<typeof createSoloQueueBody>) {
  const gameId = await resolveGame(db, body.gameId);
  await checkPool(db, body.mapPoolId, gameId);
  const slug = await slugFor(db, soloQueues, body.name, body.slug);
  const location = await locationSettings(db, body);
  const [row] = await db
    .insert(soloQueues)
    .values({ ...body, ...location, gameId, slug })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { data: presentSoloQueue(row) };
}

export async function editSoloQueue(db: Db, id: number, body: z.output<typeof updateSoloQueueBody>) {
  const [found] = await db.select().from(soloQueues).where(eq(soloQueues.id, id));
  if (!found) throw new NotFoundError(COMPETITION_TEXTS.soloQueueNotFound);
  const gameId = body.gameId === undefined ? found.gameId : await resolveGame(db, body.gameId);
  await checkPool(db, body.mapPoolId ?? found.mapPoolId, gameId);
  const slug =
    body.slug === undefined ? found.slug : await slugFor(db, soloQueues, found.name, body.slug, id);
  const location = await locationSettings(db, body, found);
  const [row] = await db
    .update(soloQueues)
    .set({ ...body, ...location, gameId, slug })
    .where(eq(soloQueues.id, id))
    .returning();
  return { data: presentSoloQueue(row ?? found) };
}

// ---- tournaments ------------------------------------------------------------------------------------

const presentTournament = (r: TournamentRow): AdminTournament => ({
  ...commonAnswer(r, `/tournament/${r.slug}`),
  description: r.description,
  status: r.status,
  format: r.format,
  maxTeams: r.maxTeams,
  startDate: iso(r.startDate),
  signupDeadline: r.signupDeadline ? iso(r.signupDeadline) : null,
  bestOf: r.bestOf,
  finalBestOf: r.finalBestOf,
  roundIntervalMinutes: r.roundIntervalMinutes,
  readyCheckMinutes: r.readyCheckMinutes,
  checkInMinutes: r.checkInMinutes,
  seeding: r.seeding === 'manual' ? 'manual' : 'rating',
  thirdPlaceMatch: r.thirdPlaceMatch,
  grandFinalReset: r.grandFinalReset,
  groupCount: r.groupCount,
  swissRounds: r.swissRounds,
  groupStage: r.groupStage === 'swiss' ? 'swiss' : 'round_robin',
  playoffTeams: r.playoffTeams,
  archivedAt: r.archivedAt ? iso(r.archivedAt) : null,
});

/** Fields that shape the draw: fixed once the bracket exists. */
const DRAW_FIELDS = [
  'format',
  'gameId',
  'teamSize',
  'maxTeams',
  'startDate',
  'signupDeadline',
  'checkInMinutes',
  'seeding',
  'thirdPlaceMatch',
  'grandFinalReset',
  'groupCount',
  'swissRounds',
  'groupStage',
  'playoffTeams',
] as const;

function checkShape(
  t: Pick<TournamentRow, 'format' | 'groupCount' | 'groupStage' | 'playoffTeams' | 'maxTeams'>,
) {
  const groups = t.format === 'round_robin' || (t.format === 'two_stage' && t.groupStage === 'round_robin');
  if (groups && t.groupCount * 2 > t.maxTeams)
    throw new ValidationError({ groupCount: [COMPETITION_TEXTS.groupsTooMany] });
  if (t.format === 'two_stage' && t.groupStage === 'round_robin' && t.playoffTeams % t.groupCount !== 0) {
    throw new ValidationError({ playoffTeams: [COMPETITION_TEXTS.playoffGroups] });
  }
}

export async function listAdminTournaments(db: Db) {
  return { data: (await db.select().from(tournaments).orderBy(asc(tournaments.id))).map(presentTournament) };
}

export async function getAdminTournament(db: Db, id: number) {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new NotFoundError(COMPETITION_TEXTS.tournamentNotFound);
  return { data: presentTournament(row) };
}

export async function createTournament(db: Db, body: z.output<typeof createTournamentBody>) {
  const gameId = await resolveGame(db, body.gameId);
  await checkPool(db, body.mapPoolId, gameId);
  const slug = await slugFor(db, tournaments, body.name, body.slug);
  const values = {
    ...body,
    ...(await locationSettings(db, body)),
    gameId,
    slug,
    startDate: new Date(body.startDate),
    signupDeadline: body.signupDeadline ? new Date(body.signupDeadline) : null,
  };
  checkShape({
    format: values.format,
    groupCount: values.groupCount ?? 1,
    groupStage: values.groupStage ?? 'round_robin',
    playoffTeams: values.playoffTeams ?? 4,
    maxTeams: values.maxTeams ?? 16,
  });
  const [row] = await db.insert(tournaments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return { data: presentTournament(row) };
}

export async function editTournament(db: Db, id: number, body: z.output<typeof updateTournamentBody>) {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
    if (!found) throw new NotFoundError(COMPETITION_TEXTS.tournamentNotFound);
    if (body.status === 'cancelled') {
      if (found.status !== 'upcoming') throw new ConflictError(COMPETITION_TEXTS.notUpcoming);
    }
    if (
      body.archived &&
      found.status !== 'finished' &&
      found.status !== 'cancelled' &&
      body.status !== 'cancelled'
    ) {
      throw new ConflictError(COMPETITION_TEXTS.archiveUnfinished);
    }
    if (found.status !== 'upcoming' && DRAW_FIELDS.some((f) => body[f] !== undefined)) {
      throw new ConflictError(COMPETITION_TEXTS.started);
    }
    const gameId = body.gameId === undefined ? found.gameId : await resolveGame(tx, body.gameId);
    await checkPool(tx, body.mapPoolId ?? found.mapPoolId, gameId);
    const slug =
      body.slug === undefined ? found.slug : await slugFor(tx, tournaments, found.name, body.slug, id);
    const { startDate, signupDeadline, status, archived, ...rest } = body;
    const next = {
      ...rest,
      ...archiveColumns(archived, found.archivedAt),
      ...(await locationSettings(tx, body, found)),
      gameId,
      slug,
      ...(startDate === undefined ? {} : { startDate: new Date(startDate) }),
      ...(signupDeadline === undefined
        ? {}
        : { signupDeadline: signupDeadline ? new Date(signupDeadline) : null }),
      ...(status === 'cancelled' ? { status: 'cancelled' as const } : {}),
    };
    const merged = { ...found, ...next };
    if ((merged.signupDeadline?.getTime() ?? 0) > merged.startDate.getTime()) {
      throw new ValidationError({
        signupDeadline: ['The signup deadline must not be after the start date.'],
      });
    }
    checkShape(merged);
    const [row] = await tx.update(tournaments).set(next).where(eq(tournaments.id, id)).returning();
    return { data: presentTournament(row ?? found) };
  });
}

/** Manual seeding: the listed signed-up teams get seeds 1, 2, ...; the others none (they follow by rating). */
export async function setTournamentSeeds(db: Db, id: number, body: z.output<typeof tournamentSeedsBody>) {
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
    if (!t) throw new NotFoundError(COMPETITION_TEXTS.tournamentNotFound);
    if (t.status !== 'upcoming' || t.seeding !== 'manual')
      throw new ConflictError(COMPETITION_TEXTS.seedsManual);
    const entries = await tx
      .select()
      .from(tournamentTeams)
      .where(and(eq(tournamentTeams.tournamentId, id), isNull(tournamentTeams.withdrawnAt)));
    if (body.teamIds.some((teamId) => !entries.some((e) => e.teamId === teamId))) {
      throw new ValidationError({ teamIds: [COMPETITION_TEXTS.seedsNotSignedUp] });
    }
    for (const e of entries) {
      const index = body.teamIds.indexOf(e.teamId);
      await tx
        .update(tournamentTeams)
        .set({ seed: index < 0 ? null : index + 1 })
        .where(eq(tournamentTeams.id, e.id));
    }
    return {
      message: COMPETITION_TEXTS.seedsSaved,
      data: entries.map((e) => {
        const index = body.teamIds.indexOf(e.teamId);
        return { teamId: e.teamId, seed: index < 0 ? null : index + 1 };
      }),
    };
  });
}
