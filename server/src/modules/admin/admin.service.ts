// The admin area: what needs an admin's attention, cancelling a match through the engine, and the
// maps and locations catalogues. Routes check the role (`requireAdmin`, lib/http.ts) before any of this runs.
import type {
  AdminLocation,
  AdminMap,
  AdminOverview,
  createLocationBody,
  createMapBody,
  updateLocationBody,
  updateMapBody,
} from '@versus/common/api/admin';
import type { StatusId } from '@versus/common/match/statuses';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { AppContext } from '../../core/app-context.ts';
import { runMatchCommand } from '../matches/index.ts';
import { presentLocation, presentMap, presentMatchSummary, presentOpenDisputes } from './admin.presenter.ts';
import {
  cancellableMatches,
  findLocation,
  findMap,
  firstGameId,
  insertLocation,
  insertMap,
  listLocations,
  listMaps,
  locationTaken,
  mapNameCmdTaken,
  openTickets,
  scoresAwaitingApproval,
  summariesOf,
  updateLocation,
  updateMap,
} from './admin.repository.ts';

/** Rows per overview list. */
const OVERVIEW_LIMIT = 50;

export const ADMIN_TEXTS = {
  cancelled: 'Match was cancelled successfully',
  mapNotFound: 'Map not found.',
  mapTaken: 'The name cmd has already been taken.',
  locationNotFound: 'Location not found.',
  locationTaken: 'This city and country already have a location.',
  noGame: 'The selected game does not exist.',
} as const;

export async function adminOverview(db: Db): Promise<{ data: AdminOverview }> {
  const disputes = await openTickets(db, OVERVIEW_LIMIT);
  const disputed = await summariesOf(db, [...new Set(disputes.map((d) => d.matchId))]);
  return {
    data: {
      openDisputes: presentOpenDisputes(disputes, new Map(disputed.map((m) => [m.id, m]))),
      scoresAwaitingApproval: (await scoresAwaitingApproval(db, OVERVIEW_LIMIT)).map(presentMatchSummary),
      cancellableMatches: (await cancellableMatches(db, OVERVIEW_LIMIT)).map(presentMatchSummary),
    },
  };
}

/** The engine's own cancel command (admin actor), so it locks, notifies and broadcasts as usual. */
export async function adminCancelMatch(
  ctx: AppContext,
  admin: UserRow,
  matchId: number,
): Promise<{ message: string; data: { id: number; statusId: StatusId } }> {
  const outcome = await runMatchCommand(ctx, matchId, {
    type: 'match.cancel',
    actor: { userId: admin.id, isAdmin: true },
  });
  return { message: ADMIN_TEXTS.cancelled, data: { id: matchId, statusId: outcome.record.state.statusId } };
}

export async function getMaps(db: Db): Promise<{ data: AdminMap[] }> {
  return { data: (await listMaps(db)).map(presentMap) };
}

export async function createMap(db: Db, input: z.output<typeof createMapBody>): Promise<{ data: AdminMap }> {
  const gameId = input.gameId ?? (await firstGameId(db));
  if (gameId === null) throw new ValidationError({ gameId: [ADMIN_TEXTS.noGame] });
  if (await mapNameCmdTaken(db, gameId, input.nameCmd, null))
    throw new ValidationError({ nameCmd: [ADMIN_TEXTS.mapTaken] });
  const row = await insertMap(db, {
    gameId,
    name: input.name,
    nameCmd: input.nameCmd,
    image: input.image ?? null,
    isActive: input.isActive ?? true,
  }).catch((err: unknown) => {
    if (isForeignKeyViolation(err)) throw new ValidationError({ gameId: [ADMIN_TEXTS.noGame] });
    throw err;
  });
  return { data: presentMap(row) };
}

export async function editMap(
  db: Db,
  id: number,
  input: z.output<typeof updateMapBody>,
): Promise<{ data: AdminMap }> {
  const map = await findMap(db, id);
  if (!map) throw new NotFoundError(ADMIN_TEXTS.mapNotFound);
  if (input.nameCmd !== undefined && (await mapNameCmdTaken(db, map.gameId, input.nameCmd, id)))
    throw new ValidationError({ nameCmd: [ADMIN_TEXTS.mapTaken] });
  const patch = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.nameCmd !== undefined ? { nameCmd: input.nameCmd } : {}),
    ...(input.image !== undefined ? { image: input.image } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
  // Nothing to change (an empty body): the map as it is.
  if (Object.keys(patch).length === 0) return { data: presentMap(map) };
  const row = await updateMap(db, id, patch);
  if (!row) throw new NotFoundError(ADMIN_TEXTS.mapNotFound);
  return { data: presentMap(row) };
}

export async function getLocations(db: Db): Promise<{ data: AdminLocation[] }> {
  return { data: (await listLocations(db)).map(presentLocation) };
}

export async function createLocation(
  db: Db,
  input: z.output<typeof createLocationBody>,
): Promise<{ data: AdminLocation }> {
  if (await locationTaken(db, input.city, input.country, null))
    throw new ValidationError({ city: [ADMIN_TEXTS.locationTaken] });
  const row = await insertLocation(db, { ...input, isActive: input.isActive ?? true });
  return { data: presentLocation(row) };
}

export async function editLocation(
  db: Db,
  id: number,
  input: z.output<typeof updateLocationBody>,
): Promise<{ data: AdminLocation }> {
  const location = await findLocation(db, id);
  if (!location) throw new NotFoundError(ADMIN_TEXTS.locationNotFound);
  const city = input.city ?? location.city;
  const country = input.country ?? location.country;
  if (await locationTaken(db, city, country, id))
    throw new ValidationError({ city: [ADMIN_TEXTS.locationTaken] });
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = Object.keys(values).length > 0 ? await updateLocation(db, id, values) : location;
  if (!row) throw new NotFoundError(ADMIN_TEXTS.locationNotFound);
  return { data: presentLocation(row) };
}

function isForeignKeyViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ??
    (err as { cause?: { code?: string } }).cause?.code;
  return code === '23503';
}
