// Reads every pool server on a clock (GAME_SERVER_MONITOR_INTERVAL_MS, at most 5 s): allocated servers over
// rcon `status` (players with their ids, for the roster lock and the absence watch of player-absence.ts), free ones by the cached getstatus query. One
// instance does each pass (claimed in job_ticks). A server of a match that stops answering for
// GAME_SERVER_OFFLINE_AFTER_MS is reported offline once (admins notified, the match room refetches); a free
// server coming back from offline is reset (everyone kicked, fresh g_password) before it is offered again.
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import { gameServerHosts, gameServers, type GameServerHostRow } from '../../db/schema/index.ts';
import { RepeatingJob } from '../../jobs/repeating-job.ts';
import { claimJobTick } from '../matches/index.ts';
import type { ServerStatus } from '../../lib/cod4x/rcon-status.ts';
import { updateHost } from './hosts.repository.ts';
import { rconCheckOf, type GameServerPool } from './pool.ts';
import type { QueryCache } from './query-cache.ts';
import { notifyAdmins, SERVER_TEXTS } from './server-notifications.ts';
import { publishRoomUpdate } from '../matches/index.ts';

export interface MonitorOptions {
  ctx: AppContext;
  pool: GameServerPool;
  queries: QueryCache;
  intervalMs: number;
  offlineAfterMs: number;
  queryTimeoutMs: number;
}

/** Called with each `status` read of a server allocated to a match (the roster lock, the absence watch). */
export type StatusListener = (host: GameServerHostRow, status: ServerStatus) => Promise<void>;

export class ServerMonitor {
  private readonly job: RepeatingJob;
  readonly listeners: StatusListener[] = [];

  private readonly options: MonitorOptions & Pick<AppContext, 'db' | 'now' | 'log'>;

  constructor(options: MonitorOptions) {
    this.options = { ...options, db: options.ctx.db, now: options.ctx.now, log: options.ctx.log };
    this.job = new RepeatingJob(
      'game-server-monitor',
      options.intervalMs,
      () => this.pass(),
      options.ctx.log,
    );
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One pass over every enabled server; skipped when another instance claimed this tick. */
  async pass(claim = true): Promise<void> {
    const { db, now, intervalMs } = this.options;
    if (
      claim &&
      !(await claimJobTick(db, 'game-server-monitor', Math.floor(now() / Math.max(intervalMs, 1))))
    ) {
      return;
    }
    const hosts = await db.select().from(gameServerHosts).where(eq(gameServerHosts.enabled, true));
    await Promise.all(
      hosts.map((host) =>
        this.read(host).catch((err: unknown) =>
          this.options.log.error({ err, hostId: host.id }, 'game server monitor: read failed'),
        ),
      ),
    );
  }

  private async read(host: GameServerHostRow): Promise<void> {
    if (host.matchId !== null) return this.readAllocated(host, host.matchId);
    const { now, queries, queryTimeoutMs } = this.options;
    const answer = await queries.query(host.host, host.port, queryTimeoutMs);
    const at = new Date(now());
    if (!answer) {
      await updateHost(this.options.db, host.id, { status: 'OFFLINE', lastCheckAt: at, players: 0 });
      return;
    }
    if (host.status === 'OFFLINE') {
      // Back from offline: it may still hold players and the password of its last match.
      try {
        await this.options.pool.reset(host);
      } catch (err) {
        await updateHost(this.options.db, host.id, { lastError: rconCheckOf(err), lastCheckAt: at });
        return;
      }
    }
    await updateHost(this.options.db, host.id, {
      status: 'ONLINE',
      lastError: null,
      lastSeenAt: at,
      lastCheckAt: at,
      currentMap: answer.map || null,
      players: answer.players,
      maxPlayers: answer.maxPlayers,
    });
  }

  private async readAllocated(host: GameServerHostRow, matchId: number): Promise<void> {
    const { db, now, offlineAfterMs } = this.options;
    const at = new Date(now());
    let status: ServerStatus;
    try {
      status = await this.options.pool.status(host);
    } catch (err) {
      const lastSeen = host.lastSeenAt?.getTime() ?? host.allocatedAt?.getTime() ?? 0;
      const silentFor = now() - lastSeen;
      await updateHost(db, host.id, { lastCheckAt: at, lastError: rconCheckOf(err) });
      if (silentFor >= offlineAfterMs && host.status !== 'OFFLINE') {
        await updateHost(db, host.id, { status: 'OFFLINE', players: 0 });
        await db
          .update(gameServers)
          .set({ status: 'OFFLINE', updatedAt: at })
          .where(
            and(
              eq(gameServers.hostId, host.id),
              eq(gameServers.matchId, matchId),
              isNull(gameServers.destroyedAt),
            ),
          );
        await notifyAdmins(
          this.options.ctx,
          'game-server-offline',
          SERVER_TEXTS.offline(host.name, matchId),
          matchId,
        );
        await this.publishDetail(matchId);
      }
      return;
    }
    const wasOffline = host.status === 'OFFLINE';
    await updateHost(db, host.id, {
      status: 'ONLINE',
      lastError: null,
      lastSeenAt: at,
      lastCheckAt: at,
      currentMap: status.map,
      players: status.clients.length,
    });
    await db
      .update(gameServers)
      .set({
        status: 'ONLINE',
        players: status.clients.length,
        currentMap: status.map,
        lastStatusAt: at,
        updatedAt: at,
      })
      .where(
        and(
          eq(gameServers.hostId, host.id),
          eq(gameServers.matchId, matchId),
          isNull(gameServers.destroyedAt),
        ),
      );
    if (wasOffline) await this.publishDetail(matchId);
    for (const listener of this.listeners) await listener({ ...host, status: 'ONLINE' }, status);
  }

  /** The match room's server box changed (a spectator's room refetches only that). */
  private async publishDetail(matchId: number): Promise<void> {
    await publishRoomUpdate(this.options.ctx, matchId, ['server']);
  }
}
