// Game servers of matches: provisioned through the configured provider when the veto ends (after the
// commit), resumed after a restart, destroyed when the match ends, and measured by the real Quake 3
// `getstatus` UDP query.
import { playedMaps } from '@versus/common/match/score';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { GameServerRow } from '../../db/schema/index.ts';
import { loadMatch } from '../matches/match.repository.ts';
import { mintGameServerToken } from '../statistics/server-token.ts';
import type { GameServerProvider, ProvisionRequest } from './game-server.provider.ts';
import {
  findServerByUuid,
  findServerOfMatch,
  insertServer,
  markDestroyed,
  saveStatus,
  serversToResume,
} from './game-server.repository.ts';
import { queryStatus } from './quake3-query.ts';

export interface GameServerStatusView {
  status: 'ONLINE' | 'OFFLINE' | 'STARTING';
  players: number;
  maxPlayers: number;
  map: string | null;
}

export interface GameServerServiceOptions {
  db: Db;
  provider: GameServerProvider;
  now: () => number;
  log: FastifyBaseLogger;
  /** A server that does not answer within this long after it was provisioned is STARTING, then OFFLINE. */
  startupMs: number;
  queryTimeoutMs: number;
}

export class GameServerService {
  /** One provisioning per match at a time in this process (the row check below covers other instances). */
  private readonly pending = new Map<number, Promise<void>>();

  constructor(private readonly options: GameServerServiceOptions) {}

  get provider(): GameServerProvider {
    return this.options.provider;
  }

  async provisionForMatch(matchId: number): Promise<void> {
    const running = this.pending.get(matchId);
    if (running) return running;
    const work = this.provision(matchId).finally(() => this.pending.delete(matchId));
    this.pending.set(matchId, work);
    return work;
  }

  private async provision(matchId: number): Promise<void> {
    const { db, provider, now } = this.options;
    if (await findServerOfMatch(db, matchId)) return;
    const request = await this.provisionRequest(matchId);
    if (!request) return;
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
    if (row) await this.deliverLogToken(row.id, server);
  }

  /** Mints the server's log token (only its hash is stored) and hands the plaintext to the server. */
  private async deliverLogToken(gameServerId: number, server: Pick<GameServerRow, 'host' | 'port'>) {
    const token = await mintGameServerToken(this.options.db, gameServerId);
    await this.options.provider.deliverLogToken(server, token);
  }

  private async provisionRequest(matchId: number): Promise<ProvisionRequest | null> {
    const record = await loadMatch(this.options.db, matchId, { lock: false });
    if (!record) return null;
    const names = record.state.players.filter((p) => p.side !== -1).map((p) => p.username);
    return {
      matchId,
      locationId: record.state.location.chosenId,
      maps: playedMaps(record.state).map((m) => m.nameCmd),
      maxPlayers: Math.max(2, record.row.teamSize * 2),
      playerNames: names,
    };
  }

  async destroyForMatch(matchId: number): Promise<void> {
    const row = await findServerOfMatch(this.options.db, matchId);
    if (!row) return;
    await this.options.provider.destroy(row);
    await markDestroyed(this.options.db, row.id, this.options.now());
  }

  /** Brings back the servers of matches still in play (the simulated ones lived in the old process). */
  async resumeAll(): Promise<number> {
    const rows = await serversToResume(this.options.db, this.options.provider.name);
    for (const row of rows) {
      const request = await this.provisionRequest(row.matchId);
      if (!request) continue;
      await this.options.provider
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
    const answer = await queryStatus(row.host, row.port, queryTimeoutMs);
    let view: GameServerStatusView;
    if (answer) {
      const maxPlayers = Number(answer.vars.sv_maxclients);
      view = {
        status: 'ONLINE',
        players: answer.players.length,
        maxPlayers: Number.isInteger(maxPlayers) && maxPlayers > 0 ? maxPlayers : row.maxPlayers,
        map: answer.vars.mapname ?? row.currentMap,
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

  close(): Promise<void> {
    return this.options.provider.close();
  }
}
