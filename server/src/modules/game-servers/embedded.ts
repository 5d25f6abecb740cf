// The embedded default (`npm start` without GAME_SERVER_PROVIDER): emulated CoD4x servers started in this
// process and registered in the pool (kind `embedded`), each with a log agent posting to this server over
// HTTP, and a demo driver that plays the match on it: when the pool has configured a server for a match,
// the roster's players join with the player ids linked to their accounts and the match goes live. So the
// demo world plays whole matches end to end with nothing installed.
//
// Always-on servers (`EMBEDDED_SERVERS_PER_LOCATION` per active location) go back to the pool at release.
// When none is free, the pool asks for one more: a server is started for that match in its location (as a
// container scheduler would start a Job), up to `EMBEDDED_MAX_SERVERS` at once, and stopped at release.
import { STATUS } from '@versus/common/match/statuses';
import { installHooks, LogAgent } from '@versus/agent';
import { and, asc, eq, isNull, like, lt } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import { gameServerHosts, locations, matches, type GameServerHostRow } from '../../db/schema/index.ts';
import type { Cod4xEmulator } from '../../emulator/cod4x-emulator.ts';
import { mintAgentToken } from '../match-log/index.ts';
import { playDemoMatch } from './embedded-driver.ts';
import { launchEmulator, registerEmulator } from './embedded-launch.ts';
import { allocationOf } from './hosts.repository.ts';
import { retired, type OnDemandServers } from './on-demand-servers.ts';
import { restoreOnto } from './server-restore.ts';
import type { Allocation, GameServerPool } from './pool.ts';
import type { SecretBox } from './secret-box.ts';

export interface EmbeddedOptions {
  ctx: AppContext;
  box: SecretBox;
  pool: GameServerPool;
  serversPerLocation: number;
  /** Servers started on demand that may run at once; a match beyond waits for a free one. */
  maxOnDemand: number;
  msPerGameSecond: number;
}

interface Running {
  hostId: number;
  emulator: Cod4xEmulator;
  agentToken: string;
  agent: LogAgent | null;
  /** Closes the development control interface (a no-op without one). */
  stopControl: () => Promise<void>;
  /** Started for one match, stopped at its release. */
  onDemand: boolean;
}

/** `Demo Frankfurt #3` → 3. */
function serverNumber(name: string): number | null {
  const match = /#(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

export class EmbeddedServers implements OnDemandServers {
  private readonly running = new Map<number, Running>();
  /** The always-on servers of this start; every other embedded row is one started on demand. */
  private readonly alwaysOn = new Set<number>();
  /** Starts on demand run one at a time, so two never pick the same name and folder or pass the cap. */
  private starting: Promise<unknown> = Promise.resolve();
  private agentUrl: string | null = null;

  private readonly options: EmbeddedOptions & Pick<AppContext, 'db' | 'log'> & { dataDir: string };

  constructor(options: EmbeddedOptions) {
    this.options = {
      ...options,
      db: options.ctx.db,
      log: options.ctx.log,
      dataDir: options.ctx.config.dataDir,
    };
  }

  /** Starts the always-on emulators and (re)registers them; matches still in play get a server again. */
  async start(): Promise<void> {
    const { db, box, log } = this.options;
    const locs = await db
      .select()
      .from(locations)
      .where(eq(locations.isActive, true))
      .orderBy(asc(locations.id));
    // Ports change on every start: move the old rows out of the way of the unique (host, port) first.
    const old = await db.select().from(gameServerHosts).where(eq(gameServerHosts.kind, 'embedded'));
    for (const row of old)
      await db.update(gameServerHosts).set({ port: -row.id }).where(eq(gameServerHosts.id, row.id));
    for (const location of locs) {
      for (let i = 1; i <= this.options.serversPerLocation; i++) {
        const name = `Demo ${location.city} #${i}`;
        const { emulator, rconPassword, port, stopControl } = await launchEmulator({
          dataDir: this.options.dataDir,
          folder: `${location.id}-${i}`,
          name,
          msPerGameSecond: this.options.msPerGameSecond,
          freshLog: false,
          control: this.options.ctx.config.matches.devEndpoints,
        });
        const existing = old.find((r) => r.name === name);
        const hostId = await registerEmulator(
          db,
          box,
          { name, locationId: location.id, port, rconPassword, enable: false },
          existing?.id ?? null,
        );
        this.alwaysOn.add(hostId);
        this.running.set(hostId, {
          hostId,
          emulator,
          agentToken: await mintAgentToken(db, hostId),
          agent: null,
          stopControl,
          onDemand: false,
        });
      }
    }
    // Servers started on demand by the last run and left free are gone with it: never offer them.
    for (const row of old) {
      if (row.matchId === null && !this.alwaysOn.has(row.id))
        await db.update(gameServerHosts).set(retired(row)).where(eq(gameServerHosts.id, row.id));
    }
    this.options.pool.onConfigured = (allocation) => this.play(allocation);
    this.options.pool.onDemand = this;
    await this.resume();
    log.info({ servers: this.running.size }, 'embedded game servers started');
  }

  /** Starts one log agent per emulator, posting to this server at `url` (and so for those started later). */
  startAgents(url: string): void {
    this.agentUrl = url;
    for (const run of this.running.values()) this.startAgent(run);
  }

  private startAgent(run: Running): void {
    if (this.agentUrl === null || run.agent) return;
    // The `apps/` hooks CoD4x runs for a completed demo or an arrived screenshot (versus-upload).
    installHooks(run.emulator.media.homePath, {
      url: this.agentUrl,
      token: run.agentToken,
      log: run.emulator.log.path,
    });
    run.agent = new LogAgent({
      logPath: run.emulator.log.path,
      url: this.agentUrl,
      token: run.agentToken,
      pollMs: 100,
      log: (level, message, data) =>
        this.options.log[level]({ hostId: run.hostId, ...data }, `agent: ${message}`),
    });
    run.agent.start();
  }

  emulatorOf(hostId: number): Cod4xEmulator | null {
    return this.running.get(hostId)?.emulator ?? null;
  }

  /** Starts a server for a match at the location (null: any location); null at the cap. */
  startFor(locationId: number | null): Promise<number | null> {
    const next = this.starting.then(() => this.startOne(locationId));
    this.starting = next.catch(() => undefined);
    return next.catch((err: unknown) => {
      this.options.log.error({ err, locationId }, 'embedded game servers: start on demand failed');
      return null;
    });
  }

  stopsAtRelease(host: GameServerHostRow): boolean {
    return host.kind === 'embedded' && !this.alwaysOn.has(host.id);
  }

  async stop(hostId: number): Promise<void> {
    const run = this.running.get(hostId);
    if (!run?.onDemand) return;
    this.running.delete(hostId);
    await run.agent?.stop();
    await run.stopControl();
    await run.emulator.stop();
    this.options.log.info({ hostId }, 'embedded game server stopped at release');
  }

  async stopAll(): Promise<void> {
    for (const run of this.running.values()) {
      await run.agent?.stop();
      await run.stopControl();
      await run.emulator.stop();
    }
    this.running.clear();
  }

  private async startOne(locationId: number | null): Promise<number | null> {
    const { db, box, log } = this.options;
    const onDemand = [...this.running.values()].filter((r) => r.onDemand).length;
    if (onDemand >= this.options.maxOnDemand) return null;
    const [location] =
      locationId === null ? [] : await db.select().from(locations).where(eq(locations.id, locationId));
    // A row an earlier match retired in this location is used again, so rows do not pile up.
    const retired = (
      await db
        .select()
        .from(gameServerHosts)
        .where(
          and(
            eq(gameServerHosts.kind, 'embedded'),
            isNull(gameServerHosts.matchId),
            lt(gameServerHosts.port, 0),
            locationId === null
              ? isNull(gameServerHosts.locationId)
              : eq(gameServerHosts.locationId, locationId),
          ),
        )
        .orderBy(asc(gameServerHosts.id))
    ).find((r) => !this.running.has(r.id));
    const prefix = location ? `Demo ${location.city} #` : 'Demo #';
    let number = retired ? serverNumber(retired.name) : null;
    if (number === null) {
      const taken = await db
        .select({ name: gameServerHosts.name })
        .from(gameServerHosts)
        .where(and(eq(gameServerHosts.kind, 'embedded'), like(gameServerHosts.name, `${prefix}%`)));
      const numbers = new Set(taken.map((t) => serverNumber(t.name)));
      number = 1;
      while (numbers.has(number)) number += 1;
    }
    const name = retired?.name ?? `${prefix}${number}`;
    const { emulator, rconPassword, port, stopControl } = await launchEmulator({
      dataDir: this.options.dataDir,
      folder: `${locationId ?? 'any'}-${number}`,
      name,
      msPerGameSecond: this.options.msPerGameSecond,
      freshLog: true,
      control: this.options.ctx.config.matches.devEndpoints,
    });
    const hostId = await registerEmulator(
      db,
      box,
      { name, locationId, port, rconPassword, enable: true },
      retired?.id ?? null,
    ).catch(async (err: unknown) => {
      await stopControl();
      await emulator.stop();
      throw err;
    });
    const run: Running = {
      hostId,
      emulator,
      agentToken: await mintAgentToken(db, hostId),
      agent: null,
      stopControl,
      onDemand: true,
    };
    this.running.set(hostId, run);
    this.startAgent(run);
    log.info({ hostId, name, port }, 'embedded game server started on demand');
    return hostId;
  }

  /** The demo driver plays the match on its emulator (while this emulator still runs). */
  private async play(allocation: Allocation): Promise<void> {
    const run = this.running.get(allocation.host.id);
    if (!run) return;
    await playDemoMatch(this.options, run.emulator, allocation, () => this.running.get(run.hostId) === run);
  }

  /**
   * Matches still in play on an embedded server when the app stopped get a server again: their always-on
   * server (its new emulator) or a new one started on demand, with the join password the players have and,
   * when a map had begun, the map restored at the log's score (reason `crash`: the emulator died with the
   * app). A match past play only has its server released.
   */
  private async resume(): Promise<void> {
    const { db, pool, ctx, log } = this.options;
    const rows = await db
      .select({ host: gameServerHosts, statusId: matches.statusId, locationId: matches.locationId })
      .from(gameServerHosts)
      .innerJoin(matches, eq(matches.id, gameServerHosts.matchId))
      .where(and(eq(gameServerHosts.kind, 'embedded'), like(gameServerHosts.name, 'Demo %')));
    for (const { host, statusId, locationId } of rows) {
      const matchId = host.matchId;
      if (matchId === null) continue;
      const password = (await allocationOf(db, matchId))?.password ?? null;
      await pool.release(matchId);
      if (statusId !== STATUS.inProgress) continue;
      const hostId = this.alwaysOn.has(host.id) ? host.id : await this.startFor(locationId);
      // At the cap: the match waits for a server as any other (without its restore).
      if (hostId === null) {
        await pool.allocate(matchId);
        continue;
      }
      await restoreOnto(
        ctx,
        pool,
        { matchId, hostId, password, reason: 'crash' },
        { taken: 'The server was taken.', failed: 'The server could not be configured.' },
      ).catch(async (err: unknown) => {
        log.error({ err, matchId, hostId }, 'embedded game servers: resume failed');
        // Any other server, or the wait for one, as at the veto's end.
        await pool.allocate(matchId);
      });
    }
  }
}
