// The embedded default (`npm start` without GAME_SERVER_PROVIDER): one emulated CoD4x server per active
// location started in this process and registered in the pool (kind `embedded`), each with a log agent
// posting to this server over HTTP, and a demo driver that plays the match on it: when the pool has
// configured a server for a match, the roster's players join with the player ids linked to their accounts
// and the match goes live. So the demo world plays a whole match end to end with nothing installed.
import { STATUS } from '@versus/common/match/statuses';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LogAgent } from '@versus/agent';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { gameServerHosts, locations, matches, userGameAccounts } from '../../db/schema/index.ts';
import { Cod4xEmulator } from '../../emulator/cod4x-emulator.ts';
import { mintAgentToken } from '../match-log/index.ts';
import type { Allocation, GameServerPool } from './pool.ts';
import type { SecretBox } from './secret-box.ts';

export interface EmbeddedOptions {
  ctx: AppContext;
  box: SecretBox;
  pool: GameServerPool;
  serversPerLocation: number;
  msPerGameSecond: number;
}

interface Running {
  hostId: number;
  emulator: Cod4xEmulator;
  agentToken: string;
  agent: LogAgent | null;
}

/** Trusted player ids (linked in settings or by an admin) of users, for one game. */
export async function linkedPlayerIds(
  db: Db,
  gameId: number,
  userIds: number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userGameAccounts.userId, guid: userGameAccounts.guid })
    .from(userGameAccounts)
    .where(
      and(
        eq(userGameAccounts.gameId, gameId),
        inArray(userGameAccounts.userId, userIds),
        inArray(userGameAccounts.source, ['settings', 'admin']),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.guid]));
}

export class EmbeddedServers {
  private readonly running = new Map<number, Running>();

  private readonly options: EmbeddedOptions & Pick<AppContext, 'db' | 'log'> & { dataDir: string };

  constructor(options: EmbeddedOptions) {
    this.options = {
      ...options,
      db: options.ctx.db,
      log: options.ctx.log,
      dataDir: options.ctx.config.dataDir,
    };
  }

  /** Starts the emulators and (re)registers them; matches still in play on them are configured again. */
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
        const rconPassword = crypto.randomBytes(12).toString('base64url');
        const dir = path.join(this.options.dataDir, 'emulators', `${location.id}-${i}`);
        fs.mkdirSync(dir, { recursive: true });
        const emulator = new Cod4xEmulator({
          rconPassword,
          logPath: path.join(dir, 'games_mp.log'),
          msPerGameSecond: this.options.msPerGameSecond,
          queryLimit: { burst: 4, periodMs: 1000 },
          dvars: { sv_hostname: name, sv_maxclients: '12' },
        });
        const port = await emulator.start();
        const values = {
          host: '127.0.0.1',
          port,
          rconPasswordEnc: box.seal(rconPassword),
          locationId: location.id,
          status: 'ONLINE',
          lastError: null,
          updatedAt: new Date(),
        };
        const existing = old.find((r) => r.name === name);
        let hostId: number;
        if (existing) {
          await db.update(gameServerHosts).set(values).where(eq(gameServerHosts.id, existing.id));
          hostId = existing.id;
        } else {
          const [row] = await db
            .insert(gameServerHosts)
            .values({ ...values, name, kind: 'embedded' })
            .returning({ id: gameServerHosts.id });
          hostId = row?.id ?? 0;
        }
        this.running.set(hostId, {
          hostId,
          emulator,
          agentToken: await mintAgentToken(db, hostId),
          agent: null,
        });
      }
    }
    this.options.pool.onConfigured = (allocation) => this.play(allocation);
    await this.resume();
    log.info({ servers: this.running.size }, 'embedded game servers started');
  }

  /** Starts one log agent per emulator, posting to this server at `url`. */
  startAgents(url: string): void {
    for (const run of this.running.values()) {
      run.agent = new LogAgent({
        logPath: run.emulator.log.path,
        url,
        token: run.agentToken,
        pollMs: 100,
        log: (level, message, data) =>
          this.options.log[level]({ hostId: run.hostId, ...data }, `agent: ${message}`),
      });
      run.agent.start();
    }
  }

  emulatorOf(hostId: number): Cod4xEmulator | null {
    return this.running.get(hostId)?.emulator ?? null;
  }

  async stop(): Promise<void> {
    for (const run of this.running.values()) {
      await run.agent?.stop();
      await run.emulator.stop();
    }
    this.running.clear();
  }

  /** The demo driver: the roster joins with its linked player ids, then the match goes live. */
  private async play(allocation: Allocation): Promise<void> {
    const run = this.running.get(allocation.host.id);
    if (!run) return;
    const players = allocation.record.state.players.filter((p) => p.side === 1 || p.side === 2);
    const ids = await linkedPlayerIds(
      this.options.db,
      allocation.record.row.gameId,
      players.map((p) => p.userId),
    );
    for (const p of players) {
      const playerId = ids.get(p.userId);
      if (!playerId) continue; // no linked id: this player would be kicked by the roster lock anyway
      run.emulator.join({
        playerId,
        name: p.username,
        side: p.side === 1 ? 1 : 2,
        password: allocation.password,
      });
    }
    // A short warm-up before the match goes live, as players ready up.
    setTimeout(() => {
      try {
        run.emulator.goLive();
      } catch (err) {
        this.options.log.warn(
          { err, matchId: allocation.matchId },
          'embedded game server: could not go live',
        );
      }
    }, 1000).unref();
  }

  /** Matches still in play on an embedded server when the app stopped get their (new) emulator configured. */
  private async resume(): Promise<void> {
    const { db } = this.options;
    const rows = await db
      .select({ host: gameServerHosts, statusId: matches.statusId })
      .from(gameServerHosts)
      .innerJoin(matches, eq(matches.id, gameServerHosts.matchId))
      .where(and(eq(gameServerHosts.kind, 'embedded'), like(gameServerHosts.name, 'Demo %')));
    for (const { host, statusId } of rows) {
      const matchId = host.matchId;
      if (matchId === null) continue;
      if (statusId === STATUS.inProgress) await this.options.pool.move(matchId, host.id);
      else await this.options.pool.release(matchId);
    }
  }
}
