// The admin's pool of game servers: register (the rcon password checked and encrypted, the agent token shown
// once), list with live state, edit, delete, renew the agent token, and move a match to another server.
import { storedStatusId } from '../../lib/match-status.ts';
import { STATUS } from '@versus/common/match/statuses';
import {
  RCON_CHECK_TEXTS,
  type AdminGameServer,
  type AdminGameServerSaved,
  type GameServerCreateInput,
  type GameServerUpdateInput,
  type RconCheck,
} from '@versus/common/api/game-servers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameServerHosts, locations, type GameServerHostRow } from '../../db/schema/index.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../errors.ts';
import { loadMatch } from '../matches/index.ts';
import { mintAgentToken } from '../match-log/index.ts';
import type { AppContext } from '../../core/app-context.ts';
import type { RestoreReason } from '@versus/common/api/matches';
import {
  addressTaken,
  allocationOf,
  findHost,
  hostOfMatch,
  listHosts,
  updateHost,
} from './hosts.repository.ts';
import { restartAtScore, restoreOnto } from './server-restore.ts';
import type { PoolRuntime } from './pool-runtime.ts';
import { forgetAbsences } from './player-absence.ts';

export const HOST_TEXTS = {
  notFound: 'Game server not found.',
  addressTaken: 'A game server with this host and port is already registered.',
  noLocation: 'The selected location does not exist.',
  inUse: (matchId: number) => `The game server is in use by match #${matchId}.`,
  deleted: 'Game server deleted.',
  noPool:
    'Game servers are not served from a pool on this platform (GAME_SERVER_PROVIDER=simulated, or GAME_SERVER_SECRET_KEY is not set).',
  moved: (name: string) => `The match was moved to ${name}.`,
  notLive: 'Only a match in progress can be moved to another server.',
  moveFailed: 'The server could not be configured for the match.',
  restored: (first: number, second: number) => `The map restarts at ${first}:${second}.`,
  notLiveRestart: 'Only a match in progress can restart its map.',
  noServer: 'The match has no server to restart the map on.',
  serverDown: "The match's server does not answer: move the match to another server instead.",
  nothingToRestore: 'No map of this match has begun on its server yet.',
} as const;

export function requirePool(runtime: PoolRuntime | null): PoolRuntime {
  if (!runtime) throw new HttpError(409, HOST_TEXTS.noPool);
  return runtime;
}

function present(
  host: GameServerHostRow,
  locationName: string | null,
  matchStatusId: number | null,
): AdminGameServer {
  const status = host.status === 'ONLINE' || host.status === 'OFFLINE' ? host.status : 'UNKNOWN';
  return {
    id: host.id,
    name: host.name,
    host: host.host,
    port: host.port,
    locationId: host.locationId,
    locationName,
    enabled: host.enabled,
    kind: host.kind === 'embedded' ? 'embedded' : 'registered',
    status,
    lastError: host.lastError,
    map: host.currentMap,
    players: host.players,
    maxPlayers: host.maxPlayers,
    lastSeenAt: host.lastSeenAt?.toISOString() ?? null,
    match:
      host.matchId === null
        ? null
        : {
            id: host.matchId,
            url: `/match/${host.matchId}`,
            statusId: matchStatusId === null ? 0 : storedStatusId(matchStatusId),
          },
    agent: {
      hasToken: host.agentTokenHash !== null,
      lastBatchAt: host.agentLastBatchAt?.toISOString() ?? null,
      batches: host.agentBatches,
      duplicates: host.agentDuplicates,
      rejected: host.agentRejected,
      unattributedLines: host.agentUnattributedLines,
    },
  };
}

export async function listGameServers(db: Db): Promise<AdminGameServer[]> {
  return (await listHosts(db)).map((r) => present(r.host, r.locationName, r.matchStatusId));
}

async function presentOne(db: Db, id: number): Promise<AdminGameServer> {
  const row = (await listHosts(db)).find((r) => r.host.id === id);
  if (!row) throw new NotFoundError(HOST_TEXTS.notFound);
  return present(row.host, row.locationName, row.matchStatusId);
}

async function requireLocation(db: Db, locationId: number | null | undefined): Promise<void> {
  if (locationId === null || locationId === undefined) return;
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (!row) throw new ValidationError({ locationId: [HOST_TEXTS.noLocation] });
}

/** The check's result written on the server row (its live state until the monitor's next read). */
async function recordCheck(db: Db, id: number, check: RconCheck, now: Date): Promise<void> {
  await updateHost(db, id, {
    status: check === 'ok' ? 'ONLINE' : 'OFFLINE',
    lastError: check === 'ok' ? null : check,
    lastCheckAt: now,
    ...(check === 'ok' ? { lastSeenAt: now } : {}),
  });
}

export async function createGameServer(
  db: Db,
  runtime: PoolRuntime,
  input: GameServerCreateInput,
  now: Date,
): Promise<AdminGameServerSaved> {
  await requireLocation(db, input.locationId);
  if (await addressTaken(db, input.host, input.port))
    throw new ValidationError({ host: [HOST_TEXTS.addressTaken] });
  const check = await runtime.pool.check({ host: input.host, port: input.port }, input.rconPassword);
  const [row] = await db
    .insert(gameServerHosts)
    .values({
      name: input.name,
      host: input.host,
      port: input.port,
      rconPasswordEnc: runtime.box.seal(input.rconPassword),
      locationId: input.locationId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: gameServerHosts.id });
  if (!row) throw new ValidationError({ host: [HOST_TEXTS.addressTaken] });
  const agentToken = await mintAgentToken(db, row.id);
  await recordCheck(db, row.id, check, now);
  return {
    ...(await presentOne(db, row.id)),
    check: { result: check, message: RCON_CHECK_TEXTS[check] },
    agentToken,
  };
}

export async function updateGameServer(
  db: Db,
  runtime: PoolRuntime,
  id: number,
  input: GameServerUpdateInput,
  now: Date,
): Promise<AdminGameServerSaved> {
  const host = await findHost(db, id);
  if (!host) throw new NotFoundError(HOST_TEXTS.notFound);
  await requireLocation(db, input.locationId);
  const address = { host: input.host ?? host.host, port: input.port ?? host.port };
  if (await addressTaken(db, address.host, address.port, id)) {
    throw new ValidationError({ host: [HOST_TEXTS.addressTaken] });
  }
  const password = input.rconPassword ?? runtime.box.open(host.rconPasswordEnc);
  const check = await runtime.pool.check(address, password);
  await updateHost(db, id, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...address,
    ...(input.rconPassword === undefined ? {} : { rconPasswordEnc: runtime.box.seal(input.rconPassword) }),
    ...(input.locationId === undefined ? {} : { locationId: input.locationId }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    updatedAt: now,
  });
  await recordCheck(db, id, check, now);
  return { ...(await presentOne(db, id)), check: { result: check, message: RCON_CHECK_TEXTS[check] } };
}

export async function deleteGameServer(db: Db, id: number): Promise<{ message: string }> {
  const host = await findHost(db, id);
  if (!host) throw new NotFoundError(HOST_TEXTS.notFound);
  if (host.matchId !== null) throw new ConflictError(HOST_TEXTS.inUse(host.matchId));
  await db.delete(gameServerHosts).where(eq(gameServerHosts.id, id));
  return { message: HOST_TEXTS.deleted };
}

export async function renewAgentToken(db: Db, id: number): Promise<{ agentToken: string }> {
  if (!(await findHost(db, id))) throw new NotFoundError(HOST_TEXTS.notFound);
  return { agentToken: await mintAgentToken(db, id) };
}

/**
 * An admin moves a match in progress to another free server, configured as at allocation with the same join
 * password. When a map had begun in the log, the new server restarts it at the score (`<mode>_A:D`, the maps
 * still to play from it) and the restore is recorded: `crash` when the old server was OFFLINE, else `moved`.
 * The claim, the restore and the server's setup (an effect) commit together; the answer waits for the setup.
 */
export async function moveMatchServer(
  ctx: AppContext,
  runtime: PoolRuntime,
  matchId: number,
  hostId: number,
): Promise<{ message: string }> {
  const { db } = ctx;
  const record = await loadMatch(db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  if (record.state.statusId !== STATUS.inProgress)
    throw new ValidationError({ matchId: [HOST_TEXTS.notLive] });
  const target = await findHost(db, hostId);
  if (!target) throw new ValidationError({ gameServerId: [HOST_TEXTS.notFound] });
  if (target.matchId !== null && target.matchId !== matchId)
    throw new ConflictError(HOST_TEXTS.inUse(target.matchId));
  const old = await hostOfMatch(db, matchId);
  const password = (await allocationOf(db, matchId))?.password ?? null;
  const reason: RestoreReason = old?.status === 'OFFLINE' ? 'crash' : 'moved';
  await runtime.pool.release(matchId);
  await restoreOnto(
    ctx,
    runtime.pool,
    { matchId, hostId, password, reason },
    { taken: HOST_TEXTS.moveFailed, failed: HOST_TEXTS.moveFailed },
  );
  await forgetAbsences(db, matchId);
  return { message: HOST_TEXTS.moved(target.name) };
}

/** An admin's "Restart the map at the score": the match's own server restarts the map the log is at. */
export async function restartMapAtScore(ctx: AppContext, matchId: number): Promise<{ message: string }> {
  const { db } = ctx;
  const record = await loadMatch(db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  if (record.state.statusId !== STATUS.inProgress) throw new ConflictError(HOST_TEXTS.notLiveRestart);
  const host = await hostOfMatch(db, matchId);
  const allocation = await allocationOf(db, matchId);
  if (!host || !allocation) throw new ConflictError(HOST_TEXTS.noServer);
  if (host.status === 'OFFLINE') throw new ConflictError(HOST_TEXTS.serverDown);
  const plan = await restartAtScore(ctx, matchId, 'admin', HOST_TEXTS.moveFailed);
  if (!plan) throw new ConflictError(HOST_TEXTS.nothingToRestore);
  return { message: HOST_TEXTS.restored(plan.firstScore, plan.secondScore) };
}
