// Game servers of matches: provisioned through the configured provider when the veto ends (after the
// commit), resumed after a restart, destroyed when the match ends, and measured by the real Quake 3
// `getstatus` UDP query.
import type { GameServerStatus } from '@versus/common/api/game-servers';
import { playedMaps } from '@versus/common/match/score';
import { STATUS } from '@versus/common/match/statuses';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { GameServerRow } from '../../db/schema/index.ts';
import { loadMatch } from '../matches/index.ts';
import type { MatchRecord } from '../matches/index.ts';
import { mintGameServerToken } from '../match-log/index.ts';
import type { GameServerProvider, ProvisionRequest } from './game-server.provider.ts';
import {
  findServerByUuid,
  findServerOfMatch,
  insertServer,
  markDestroyed,
  saveStatus,
  serversToResume,
} from './game-server.repository.ts';
import { QueryCache } from './query-cache.ts';
import type { GameServerPool } from './pool.ts';
import { waitingMatches } from './hosts.repository.ts';

/** `GET /api/v1/game-server/{uuid}/status` (`@versus/common/api/game-servers`). */
export type GameServerStatusView = GameServerStatus;

export interface GameServerServiceOptions {
  db: Db;
  /** The server-per-match back end (`simulated`); null when the pool serves matches. */
  provider: GameServerProvider | null;
  /** The pool of registered servers (`pool` and `embedded`); null for a server-per-match provider. */
  pool: GameServerPool | null;
  now: () => number;
  log: FastifyBaseLogger;
  /** A server that does not answer within this long after it was provisioned is STARTING, then OFFLINE. */
  startupMs: number;
  queryTimeoutMs: number;
  /**
   * A provider's server was stored for the match (the pool tells the room itself): the room refetches its
   * server box, as provisioning runs after the veto's answer went out.
   */
  onProvisioned?: (matchId: number) => Promise<void>;
  /**
   * The match as stored now, for provisioning (`loadCurrentMatch`: the match row read, the rows around it
   * reused from the read cache, which holds the match as the veto's last turn committed it). Default: a
   * full load.
   */
  loadMatch?: (matchId: number) => Promise<MatchRecord | null>;
}

/** What a provider needs to start the server of a match. */
function requestOf(record: MatchRecord): ProvisionRequest {
  return {
    matchId: record.state.id,
    locationId: record.state.location.chosenId,
    maps: playedMaps(record.state).map((m) => m.nameCmd),
    maxPlayers: Math.max(2, record.row.teamSize * 2),
    playerNames: record.state.players.filter((p) => p.side !== -1).map((p) => p.username),
  };
}

export class GameServerService {
  /** One provisioning per match at a time in this process (the row check below covers other instances). */
  private readonly pending = new Map<number, Promise<void>>();

  /**
   * One getstatus answer per pool server for 2 s: CoD4x answers only a few queries per address and period.
   * The simulated responders have no such limit and are read fresh.
   */
  readonly queries: QueryCache;

  constructor(private readonly options: GameServerServiceOptions) {
    this.queries = new QueryCache(options.pool ? 2000 : 0);
  }

  get provider(): GameServerProvider {
    if (!this.options.provider) throw new Error('This instance serves matches from the pool.');
    return this.options.provider;
  }

  get pool(): GameServerPool | null {
    return this.options.pool;
  }

  /**
   * `committed`: the match as the change that asked for the server committed it (its players, maps and
   * location), so provisioning need not load it again.
   */
  async provisionForMatch(matchId: number, committed?: MatchRecord): Promise<void> {
    const running = this.pending.get(matchId);
    if (running) return running;
    const pool = this.options.pool;
    const work = (
      pool
        ? pool.allocate(matchId).then(() => undefined)
        : this.options.provider
          ? this.provision(matchId, committed)
          : Promise.resolve()
    ).finally(() => this.pending.delete(matchId));
    this.pending.set(matchId, work);
    return work;
  }

  private async provision(matchId: number, committed?: MatchRecord): Promise<void> {
    const { db, now } = this.options;
    const provider = this.provider;
    if (await findServerOfMatch(db, matchId)) return;
    // A retried effect may run after the match ended: only a match in play gets a server.
    const record = committed ?? (await this.currentMatch(matchId));
    if (record?.state.statusId !== STATUS.inProgress) return;
    const request = requestOf(record);
    const server = await provider.provision(request);
    const row = await insertServer(db, {
      matchId,
      locationId: request.locationId,
      provider: provider.name,
      host: server.host,
      port: server.port,
      password: server.password,
      rconPassword: server.rconPassword,
      status: 'STARTING',
      maxPlayers: request.maxPlayers,
      currentMap: request.maps[0] ?? null,
      createdAt: new Date(now()),
      updatedAt: new Date(now()),
    });
    if (!row) return;
    await this.deliverLogToken(row.id, server);
    await this.options.onProvisioned?.(matchId);
  }

  private currentMatch(matchId: number): Promise<MatchRecord | null> {
    return this.options.loadMatch
      ? this.options.loadMatch(matchId)
      : loadMatch(this.options.db, matchId, { lock: false });
  }

  /** Mints the server's log token (only its hash is stored) and hands the plaintext to the server. */
  private async deliverLogToken(gameServerId: number, server: Pick<GameServerRow, 'host' | 'port'>) {
    const token = await mintGameServerToken(this.options.db, gameServerId);
    await this.provider.deliverLogToken(server, token);
  }

  private async provisionRequest(matchId: number): Promise<ProvisionRequest | null> {
    const record = await loadMatch(this.options.db, matchId, { lock: false });
    return record ? requestOf(record) : null;
  }

  /** Matches waiting for a pool server try again (the sweeper calls this each pass). */
  async retryWaiting(): Promise<void> {
    const pool = this.options.pool;
    if (!pool) return;
    for (const matchId of await waitingMatches(this.options.db)) await this.provisionForMatch(matchId);
  }

  async destroyForMatch(matchId: number): Promise<void> {
    if (this.options.pool) return this.options.pool.release(matchId);
    if (!this.options.provider) return;
    const row = await findServerOfMatch(this.options.db, matchId);
    if (!row) return;
    await this.provider.destroy(row);
    await markDestroyed(this.options.db, row.id, this.options.now());
  }

  /** Brings back the servers of matches still in play (the simulated ones lived in the old process). */
  async resumeAll(): Promise<number> {
    if (this.options.pool || !this.options.provider) return 0; // pool servers live on their own hosts
    const provider = this.provider;
    const rows = await serversToResume(this.options.db, provider.name);
    for (const row of rows) {
      const request = await this.provisionRequest(row.matchId);
      if (!request) continue;
      await provider
        .resume(request, {
          host: row.host,
          port: row.port,
          password: row.password ?? '',
          rconPassword: row.rconPassword ?? '',
        })
        // The old token's plaintext is gone with the old process: a new one replaces it.
        .then(() => this.deliverLogToken(row.id, row))
        .catch((err: unknown) =>
          this.options.log.warn({ err, matchId: row.matchId }, 'game server: resume failed'),
        );
    }
    return rows.length;
  }

  findByUuid(uuid: string): Promise<GameServerRow | null> {
    return findServerByUuid(this.options.db, uuid);
  }

  findForMatch(matchId: number): Promise<GameServerRow | null> {
    return findServerOfMatch(this.options.db, matchId);
  }

  /** Measures the server now: ONLINE when it answers, STARTING while young and silent, else OFFLINE. */
  async status(row: GameServerRow): Promise<GameServerStatusView> {
    const { now, startupMs, queryTimeoutMs } = this.options;
    if (row.destroyedAt !== null) {
      return { status: 'OFFLINE', players: 0, maxPlayers: row.maxPlayers, map: row.currentMap };
    }
    const answer = await this.queries.query(row.host, row.port, queryTimeoutMs);
    let view: GameServerStatusView;
    if (answer) {
      view = {
        status: 'ONLINE',
        players: answer.players,
        maxPlayers: answer.maxPlayers > 0 ? answer.maxPlayers : row.maxPlayers,
        map: answer.map || row.currentMap,
      };
    } else {
      const young = now() < row.createdAt.getTime() + startupMs;
      view = {
        status: young ? 'STARTING' : 'OFFLINE',
        players: 0,
        maxPlayers: row.maxPlayers,
        map: row.currentMap,
      };
    }
    await saveStatus(this.options.db, row.id, view, now());
    return view;
  }

  async close(): Promise<void> {
    await this.options.provider?.close();
  }
}
