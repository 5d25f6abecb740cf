// The pool of CoD4x servers admins register. At veto end a match takes a free server of its location under a
// row lock (two matches never share one), which is then configured over rcon: `sv_hostname` naming the match,
// a random `g_password` (the one in the connection string), `sv_mapRotation` from the veto's play order,
// `_versus_match` (so the log agent's lines are attributed), the competition's `promod_mode`, then the first
// map. No free server: the match waits (the server box says "No server is available"), admins are told once,
// and the sweeper retries. Finish or cancellation releases the server: everyone kicked, a fresh g_password,
// back in the pool.
import { STATUS } from '@versus/common/match/statuses';
import crypto from 'node:crypto';
import { playedMaps } from '@versus/common/match/score';
import type { RconCheck } from '@versus/common/api/game-servers';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import { gameServers, type GameServerHostRow } from '../../db/schema/index.ts';
import { loadMatch, publishRoomUpdate, type MatchRecord } from '../matches/index.ts';
import { quoteArg } from '../../lib/cod4x/oob.ts';
import { rcon, RconError } from '../../lib/cod4x/rcon-client.ts';
import { observeRcon } from '../../lib/process-metrics.ts';
import { parseStatus, type ServerStatus } from '../../lib/cod4x/rcon-status.ts';
import {
  allocationOf,
  findHost,
  freeCandidates,
  hostOfMatch,
  lockFreeHost,
  startWaiting,
  stopWaiting,
  updateHost,
} from './hosts.repository.ts';
import { retired, type OnDemandServers } from './on-demand-servers.ts';
import type { SecretBox } from './secret-box.ts';
import { notifyAdmins, SERVER_TEXTS } from './server-notifications.ts';
import { and, eq, isNull } from 'drizzle-orm';

export interface PoolOptions {
  ctx: AppContext;
  box: SecretBox;
}

/** What a configured allocation looks like to hooks (the embedded demo driver joins players on it). */
export interface Allocation {
  host: GameServerHostRow;
  matchId: number;
  password: string;
  record: MatchRecord;
}

export type AllocateResult = 'allocated' | 'waiting' | 'skipped';

/**
 * How a server is set up for a match when it does not start from the beginning (a map restored at its score):
 * the join password it had, the maps still to play (the interrupted one first) and the promod mode with the
 * score (`match_mr12_7:5`).
 */
export interface ServerSetup {
  password?: string;
  maps?: string[];
  promodMode?: string;
}

/** Maps `RconError` kinds to what saving a server reports. */
export function rconCheckOf(error: unknown): RconCheck {
  if (error instanceof RconError) {
    if (error.kind === 'bad-password') return 'bad-rcon';
    if (error.kind === 'rcon-disabled') return 'rcon-disabled';
  }
  return 'no-answer';
}

/** A random join password: 10 letters and digits (no characters CoD4 treats specially). */
export function randomGamePassword(): string {
  return crypto.randomBytes(8).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10);
}

export class GameServerPool {
  /** Called after a server was configured for a match (the embedded default starts its scripted players). */
  onConfigured: ((allocation: Allocation) => Promise<void>) | null = null;
  /** Where a server comes from when none is free (the embedded default); null: the match waits. */
  onDemand: OnDemandServers | null = null;
  /** Timings of the last configurations (veto end → first map loading), for the benchmark. */
  readonly timings: { matchId: number; ms: number }[] = [];

  private readonly options: PoolOptions & {
    db: AppContext['db'];
    now: () => number;
    log: AppContext['log'];
    rconTimeoutMs: number;
    rconQuietMs: number;
  };

  constructor(options: PoolOptions) {
    const { ctx } = options;
    this.options = {
      ...options,
      db: ctx.db,
      now: ctx.now,
      log: ctx.log,
      rconTimeoutMs: ctx.config.gameServers.rconTimeoutMs,
      rconQuietMs: ctx.config.gameServers.rconQuietMs,
    };
  }

  /** Sends one rcon command to a pool server (its password decrypted only for the call). */
  command(host: Pick<GameServerHostRow, 'host' | 'port' | 'rconPasswordEnc'>, line: string): Promise<string> {
    return observeRcon(`${host.host}:${String(host.port)}`, () =>
      rcon(
        { host: host.host, port: host.port, password: this.options.box.open(host.rconPasswordEnc) },
        line,
        { timeoutMs: this.options.rconTimeoutMs, quietMs: this.options.rconQuietMs },
      ),
    );
  }

  async status(host: GameServerHostRow): Promise<ServerStatus> {
    return parseStatus(await this.command(host, 'status'));
  }

  /** Tries rcon `status` with a password before it is saved: what saving a server reports. */
  async check(address: { host: string; port: number }, password: string): Promise<RconCheck> {
    try {
      await rcon({ ...address, password }, 'status', {
        timeoutMs: this.options.rconTimeoutMs,
        quietMs: this.options.rconQuietMs,
      });
      return 'ok';
    } catch (error) {
      return rconCheckOf(error);
    }
  }

  /** Gives the match a server if it is in play and has none: `waiting` when every server is taken. */
  async allocate(matchId: number): Promise<AllocateResult> {
    const { db, now } = this.options;
    const started = now();
    const record = await loadMatch(db, matchId, { lock: false });
    if (!record || record.state.statusId !== STATUS.inProgress) return 'skipped';
    if (await allocationOf(db, matchId)) return 'skipped';
    // A second round only after a server was started on demand (a concurrent allocation may take it first).
    for (let round = 0; round < 2; round += 1) {
      for (const hostId of await freeCandidates(db, record.state.location.chosenId)) {
        if (await this.take(hostId, record, started)) return 'allocated';
      }
      if (!this.onDemand || round > 0) break;
      if ((await this.onDemand.startFor(record.state.location.chosenId)) === null) break;
    }
    if (await startWaiting(db, matchId, new Date(now()))) {
      await notifyAdmins(
        this.options.ctx,
        'game-server-unavailable',
        SERVER_TEXTS.noServerAdmin(matchId),
        matchId,
      );
      await this.publishDetail(matchId);
    }
    return 'waiting';
  }

  /** Claims and configures one server for the match; false when it was taken or did not answer. */
  private async take(
    hostId: number,
    record: MatchRecord,
    started: number,
    setup?: ServerSetup,
  ): Promise<boolean> {
    const { db, now } = this.options;
    const matchId = record.state.id;
    const claimed = await db
      .transaction((tx) => this.claimIn(tx, hostId, record, setup))
      .catch((err: unknown) => {
        // The unique index on the host's match id: this match got a server elsewhere meanwhile.
        this.options.log.warn({ err, matchId, hostId }, 'game server pool: claim failed');
        return null;
      });
    if (!claimed) return false;
    const configured = await this.setUp(claimed.host, record, claimed.password, setup);
    if (!configured.ok) {
      await this.unclaim(claimed.host, matchId, configured.error);
      return false;
    }
    this.timings.push({ matchId, ms: now() - started });
    if (this.timings.length > 1000) this.timings.shift();
    return true;
  }

  /**
   * Takes the server for the match in the caller's transaction: host row locked, allocation row written.
   * Null when the server is taken or disabled.
   */
  async claimIn(tx: Tx, hostId: number, record: MatchRecord, setup?: ServerSetup) {
    const { now } = this.options;
    const matchId = record.state.id;
    const password = setup?.password ?? randomGamePassword();
    const host = await lockFreeHost(tx, hostId);
    if (!host) return null;
    const at = new Date(now());
    await updateHost(tx, host.id, { matchId, allocatedAt: at, updatedAt: at });
    const [allocation] = await tx
      .insert(gameServers)
      .values({
        matchId,
        hostId: host.id,
        locationId: host.locationId ?? record.state.location.chosenId,
        provider: 'pool',
        host: host.host,
        port: host.port,
        password,
        status: 'STARTING',
        maxPlayers: Math.max(2, record.row.teamSize * 2),
        currentMap: setup?.maps?.[0] ?? playedMaps(record.state)[0]?.nameCmd ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: gameServers.id });
    await stopWaiting(tx, matchId);
    return { host: { ...host, matchId }, password, allocationId: allocation?.id ?? 0 };
  }

  /**
   * Configures the match's server (`configure`), then tells the room and the hooks (the embedded demo
   * driver joins the players).
   */
  async setUp(
    host: GameServerHostRow,
    record: MatchRecord,
    password: string,
    setup?: ServerSetup,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    const matchId = record.state.id;
    const configured = await this.configure(host, record, password, setup);
    if (!configured.ok) return configured;
    await this.publishDetail(matchId);
    await this.onConfigured?.({ host, matchId, password, record }).catch((err: unknown) =>
      this.options.log.error({ err, matchId }, 'game server pool: onConfigured failed'),
    );
    return configured;
  }

  /** Undoes a claim whose configuration failed; the server is marked with the error. */
  async unclaim(host: GameServerHostRow, matchId: number, error: string): Promise<void> {
    const { db, now } = this.options;
    const at = new Date(now());
    const stops = this.onDemand?.stopsAtRelease(host) ?? false;
    await db.transaction(async (tx) => {
      await tx
        .delete(gameServers)
        .where(
          and(
            eq(gameServers.matchId, matchId),
            eq(gameServers.hostId, host.id),
            isNull(gameServers.destroyedAt),
          ),
        );
      await updateHost(tx, host.id, {
        matchId: null,
        allocatedAt: null,
        status: 'OFFLINE',
        ...(stops ? retired(host) : {}),
        lastError: error.slice(0, 255),
        lastCheckAt: at,
        updatedAt: at,
      });
    });
    if (stops) await this.stopOnDemand(host.id);
    await notifyAdmins(
      this.options.ctx,
      'game-server-failed',
      SERVER_TEXTS.rconFailed(host.name, matchId, error),
      matchId,
    );
  }

  /** The rcon configuration of an allocated server; the first map is loaded last. */
  async configure(
    host: GameServerHostRow,
    record: MatchRecord,
    password: string,
    setup?: ServerSetup,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    const maps = setup?.maps ?? playedMaps(record.state).map((m) => m.nameCmd);
    const rotation = (list: string[]) => list.map((m) => `gametype sd map ${m}`).join(' ');
    const name = `Versus #${record.state.id} ${record.state.challenger.name ?? 'Team A'} vs ${record.state.opponent.name ?? 'Team B'}`;
    const commands = [
      `sv_hostname ${quoteArg(name)}`,
      `g_password ${quoteArg(password)}`,
      `sets _versus_match ${record.state.id}`,
      `sv_mapRotation ${quoteArg(rotation(maps))}`,
      // What is left after the first map, so the server's own map_rotate plays the next one.
      `sv_mapRotationCurrent ${quoteArg(rotation(maps.slice(1)))}`,
      `promod_mode ${quoteArg(setup?.promodMode ?? record.competition.promodMode)}`,
      // Demos of every player and server screenshots, handed to the agent's `apps/` hooks (versus-upload).
      'sv_autodemorecord 1',
      'sv_demoCompletedCmd versus-demo',
      'sv_screenshotArrivedCmd versus-screenshot',
      `map ${quoteArg(maps[0] ?? 'mp_crash')}`,
    ];
    try {
      for (const line of commands) await this.command(host, line);
      await updateHost(this.options.db, host.id, {
        status: 'ONLINE',
        lastError: null,
        currentMap: maps[0] ?? null,
        lastSeenAt: new Date(this.options.now()),
      });
      return { ok: true };
    } catch (error) {
      const check = rconCheckOf(error);
      return { ok: false, error: check === 'ok' ? String(error) : check };
    }
  }

  /**
   * Frees the match's server: every client kicked, a fresh random g_password, `_versus_match` cleared, back in
   * the pool. When the server does not answer it is freed anyway but marked OFFLINE; the monitor resets it
   * (the same kick and password) before it is offered again.
   */
  async release(matchId: number): Promise<void> {
    const { db, now } = this.options;
    const host = await hostOfMatch(db, matchId);
    const allocation = await allocationOf(db, matchId);
    let error: string | null = null;
    // A server started for this match stops: nobody is left to kick, and no password needs changing.
    const stops = host !== null && (this.onDemand?.stopsAtRelease(host) ?? false);
    if (host && !stops) {
      try {
        await this.reset(host);
      } catch (err) {
        error = rconCheckOf(err);
      }
    }
    const at = new Date(now());
    await db.transaction(async (tx) => {
      if (allocation) {
        await tx
          .update(gameServers)
          .set({ destroyedAt: at, status: 'OFFLINE', updatedAt: at })
          .where(eq(gameServers.id, allocation.id));
      }
      await stopWaiting(tx, matchId);
      if (host) {
        await updateHost(tx, host.id, {
          matchId: null,
          allocatedAt: null,
          updatedAt: at,
          ...(error ? { status: 'OFFLINE', lastError: `Release failed: ${error}` } : {}),
          ...(stops ? retired(host) : {}),
        });
      }
    });
    if (host && stops) await this.stopOnDemand(host.id);
  }

  private async stopOnDemand(hostId: number): Promise<void> {
    await this.onDemand
      ?.stop(hostId)
      .catch((err: unknown) => this.options.log.warn({ err, hostId }, 'game server pool: stop failed'));
  }

  /** Kicks every client and sets a fresh g_password and no match. */
  async reset(host: GameServerHostRow): Promise<void> {
    const status = await this.status(host);
    for (const client of status.clients)
      await this.command(host, `clientkick ${client.num} "The match is over"`);
    await this.command(host, `g_password ${quoteArg(randomGamePassword())}`);
    await this.command(host, 'sets _versus_match 0');
  }

  /** Retries every waiting match (the sweeper calls this). */
  async retryWaiting(matchIds: number[]): Promise<void> {
    for (const matchId of matchIds) await this.allocate(matchId);
  }

  async hostOfMatch(matchId: number) {
    return hostOfMatch(this.options.db, matchId);
  }

  async findHost(id: number) {
    return findHost(this.options.db, id);
  }

  /** The match room's server box changed (a spectator's room refetches only that). */
  private async publishDetail(matchId: number): Promise<void> {
    await publishRoomUpdate(this.options.ctx, matchId, ['server']);
  }
}
