// A tournament night, soaked (issue 25 point 8; docs/benchmarks.md, "Soak"). Run by hand, not in CI:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     npm run soak -w bench
//
// nginx running deploy/nginx/versus.conf in front of two compiled production instances (e2e/support/deployment.ts) on a fresh PostgreSQL database of its own and
// its own Redis key prefix, GAME_SERVER_PROVIDER=pool. Everything else goes through nginx as people and game
// servers would: 16 captains register with 4 players each, link their CoD4x player ids, build their teams;
// an admin (the demo seed's, as production never seeds one) registers SOAK_SERVERS emulated CoD4x servers,
// each with a log agent posting to nginx, and creates a 16-team single elimination; the captains sign up,
// check in, ready up, veto (scripted: the first open map), their players join the server the pool configured
// and play at SOAK_MS_PER_GAME_SECOND, the log decides the result, a captain approves it. After
// SOAK_KILL_AFTER finished matches one instance is SIGKILLed and restarted a few seconds later.
//
// It prints: matches finished, results equal to each server log, the bracket's winner, 5xx seen by the
// clients and in nginx's access log, realtime events missed by the captains' sockets (each captain's view,
// kept from events and a refetch after each reconnect, against the final state), RSS of each instance.
// Figures, no assertions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LogAgent } from '@versus/agent';
import { STATUS } from '@versus/common/match/statuses';
import { Cod4xEmulator } from '../../server/src/emulator/cod4x-emulator.ts';
import type { GeneratedMapResult } from '../../server/src/modules/statistics/index.ts';
import { ReconnectingSocket, SoakClient, traffic, type Frame } from './clients.ts';
import {
  bracketMatches,
  buildTeams,
  createCup,
  newProgress,
  playBracket,
  sleep,
  TEAM_SIZE,
  TEAMS,
  type NightTeam,
  type TournamentPage,
  type VetoMatch,
} from '../lib/tournament-night.ts';
import {
  DEPLOYMENT_PUSHER,
  seedDemoWorld,
  startDeployment,
  type Deployment,
} from '../../e2e/support/deployment.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVERS = Number(process.env.SOAK_SERVERS ?? 8);
const MS_PER_GAME_SECOND = Number(process.env.SOAK_MS_PER_GAME_SECOND ?? 8);
const KILL_AFTER = Number(process.env.SOAK_KILL_AFTER ?? 4);
const RESTART_AFTER_MS = Number(process.env.SOAK_RESTART_AFTER_MS ?? 3000);
const DEADLINE_MS = Number(process.env.SOAK_DEADLINE_MS ?? 12 * 60_000);
const PUSHER_KEY = DEPLOYMENT_PUSHER.PUSHER_KEY;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const say = (text: string) => console.log(`[soak ${elapsed()}] ${text}`);

type Team = NightTeam;

interface MatchDetail {
  data: {
    outcome: { maps: { nameCmd: string; firstScore: number | null; secondScore: number | null }[] } | null;
  };
}

/** An emulated CoD4x server registered through the admin API, with its log agent posting to nginx. */
interface Server {
  name: string;
  emulator: Cod4xEmulator;
  agent: LogAgent;
  logPath: string;
  /** The match it is configured for now (its `_versus_match`). */
  matchId: number | null;
}

async function startServers(admin: SoakClient, base: string, dir: string): Promise<Server[]> {
  const servers: Server[] = [];
  for (let i = 0; i < SERVERS; i++) {
    const name = `Soak #${String(i + 1)}`;
    const rconPassword = `soak-rcon-${String(i + 1)}-password`;
    const logPath = path.join(dir, `server-${String(i + 1)}`, 'games_mp.log');
    fs.mkdirSync(path.dirname(logPath), { recursive: true });
    const emulator = new Cod4xEmulator({
      rconPassword,
      logPath,
      msPerGameSecond: MS_PER_GAME_SECOND,
      dvars: { sv_hostname: name, sv_maxclients: '12' },
    });
    const port = await emulator.start();
    const saved = await admin.must<{ data: { agentToken: string } }>('POST', '/api/v1/admin/game-servers', {
      name,
      host: '127.0.0.1',
      port,
      rconPassword,
    });
    const agent = new LogAgent({
      logPath,
      url: base,
      token: saved.data.agentToken,
      pollMs: 200,
      log: (level, message) => {
        if (level === 'error') say(`${name} agent: ${message}`);
      },
    });
    agent.start();
    servers.push({ name, emulator, agent, logPath, matchId: null });
  }
  return servers;
}

/**
 * The players of a match join the server once the pool configured it (its last rcon command loads the
 * first map), with the join password it set, and go live a second later. The server's own results are kept.
 */
function drivePlayers(
  servers: Server[],
  admin: SoakClient,
  teamsById: Map<number, Team>,
  results: Map<number, { server: string; maps: GeneratedMapResult[] }>,
): void {
  for (const server of servers) {
    const { emulator } = server;
    emulator.on('map', () => {
      const state = emulator.state();
      const matchId = Number(state.dvars._versus_match);
      if (!matchId || state.playing || server.matchId === matchId) return;
      server.matchId = matchId;
      void (async () => {
        const match = (await admin.must<{ data: VetoMatch }>('GET', `/api/v1/match/${String(matchId)}`)).data;
        // Whoever played here before has left.
        for (const client of emulator.state().clients) emulator.leave(client.num);
        const sides: [Team | undefined, 1 | 2][] = [
          [teamsById.get(match.challengerTeam.id), 1],
          [teamsById.get(match.opponentTeam.id), 2],
        ];
        const password = emulator.state().dvars.g_password;
        for (const [team, side] of sides)
          for (const p of team?.players ?? [])
            emulator.join({ playerId: p.playerId, name: p.username, side, password });
        await sleep(1000);
        emulator.goLive();
      })().catch((err: unknown) =>
        say(`${server.name}: players could not join match ${String(matchId)}: ${String(err)}`),
      );
    });
    emulator.on('finished', (maps: GeneratedMapResult[]) => {
      if (server.matchId !== null) results.set(server.matchId, { server: server.name, maps });
    });
  }
}

/** What one captain knows from realtime events (and refetches after a reconnect): match id → status. */
interface CaptainView {
  team: Team;
  socket: ReconnectingSocket;
  statuses: Map<number, number>;
  tournamentStatus: string;
}

function watchAsCaptain(base: string, team: Team, tournamentId: number, slug: string): CaptainView {
  const view: CaptainView = {
    team,
    socket: null as unknown as ReconnectingSocket,
    statuses: new Map(),
    tournamentStatus: 'upcoming',
  };
  const refetchMatch = async (matchId: number) => {
    const answer = await team.captain.call('GET', `/api/v1/match/${String(matchId)}`);
    if (answer.status === 200) view.statuses.set(matchId, (answer.body as { data: VetoMatch }).data.statusId);
  };
  const refetchTournament = async () => {
    const answer = await team.captain.call('GET', `/api/v1/tournaments/${slug}`);
    if (answer.status !== 200) return;
    const page = answer.body as TournamentPage;
    view.tournamentStatus = page.data.status;
    for (const m of bracketMatches(page)) {
      if (m.id === null || typeof m.statusId !== 'number') continue;
      if (m.challengerTeam?.id !== team.id && m.opponentTeam?.id !== team.id) continue;
      view.socket.subscribe(`match-detail-update.${String(m.id)}`);
      view.socket.subscribe(`match-map-veto.${String(m.id)}`);
      view.statuses.set(m.id, m.statusId);
    }
  };
  const onFrame = (frame: Frame) => {
    const data = frame.data as Record<string, unknown> | null;
    if (frame.event === 'OnTournamentUpdate') void refetchTournament();
    else if (frame.event === 'OnMatchMapChange') {
      const match = (data as { match: VetoMatch & { id: number } }).match;
      view.statuses.set(match.id, match.statusId);
    } else if (frame.event === 'MatchDetailUpdate') {
      const update = data as { matchId: number; detail?: { statusId: number }; veto?: { statusId: number } };
      const status = update.detail?.statusId ?? update.veto?.statusId;
      if (status !== undefined) view.statuses.set(update.matchId, status);
      else void refetchMatch(update.matchId);
    }
  };
  view.socket = new ReconnectingSocket(base, PUSHER_KEY, onFrame, () => {
    void refetchTournament();
    for (const id of view.statuses.keys()) void refetchMatch(id);
  });
  view.socket.subscribe(`tournament.${String(tournamentId)}`);
  return view;
}

function fiveXxInAccessLog(file: string): { total: number; fiveXx: number } {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  // combined format: ... "GET /path HTTP/1.1" 200 123 ...
  const fiveXx = lines.filter((l) => /" 5\d\d /.test(l)).length;
  return { total: lines.length, fiveXx };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-soak-servers-'));
  say('starting nginx and two instances (PostgreSQL, Redis, GAME_SERVER_PROVIDER=pool)');
  const deployment: Deployment = await startDeployment({
    name: 'soak',
    keepLogs: true,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    env: { GAME_SERVER_PROVIDER: 'pool', GAME_SERVER_MONITOR_INTERVAL_MS: '2000' },
  });
  const base = deployment.baseUrl;
  const servers: Server[] = [];
  const views: CaptainView[] = [];
  let cleaned: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const view of views) view.socket.close();
      for (const server of servers) {
        await server.agent.stop();
        await server.emulator.stop();
      }
      await deployment.tearDown();
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  // Stopped by hand (Ctrl-C): the instances, nginx, the database and the Redis keys go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      say(`${signal}: tearing down`);
      void cleanUp().finally(() => process.exit(130));
    });
  try {
    seedDemoWorld(deployment);
    const admin = await new SoakClient(base).signIn('admin', 'password');
    admin.userId = (await admin.must<{ data: { id: number } }>('GET', '/api/v1/auth/me')).data.id;
    say(
      `${base}: seeded the catalogue and the admin; building ${String(TEAMS)} teams of ${String(TEAM_SIZE)}`,
    );
    const teams = await buildTeams(base, {
      user: 'soak',
      team: 'Soak Team',
      tag: 'ST',
      password: 'soak-password-1234',
      firstPlayerId: 700_000,
    });
    const teamsById = new Map(teams.map((t) => [t.id, t]));
    say(`teams built; registering ${String(SERVERS)} emulated servers with their log agents`);
    servers.push(...(await startServers(admin, base, dir)));
    const results = new Map<number, { server: string; maps: GeneratedMapResult[] }>();
    drivePlayers(servers, admin, teamsById, results);

    const { id: tournamentId, slug } = await createCup(admin, 'Soak Cup');
    for (const team of teams) {
      views.push(watchAsCaptain(base, team, tournamentId, slug));
      await team.captain.must('POST', `/api/v1/tournaments/${slug}/signup`, { teamId: team.id });
      await team.captain.must('POST', `/api/v1/tournaments/${slug}/check-in`, { teamId: team.id });
    }
    await Promise.all(views.map((v) => v.socket.open()));
    // Every round's planned start (start + (round - 1) × the 5-minute minimum interval) already passed, so
    // each next match is due as soon as both its teams are known: the night runs at the emulators' pace.
    await admin.must('PATCH', `/api/v1/admin/tournaments/${String(tournamentId)}`, {
      startDate: new Date(Date.now() - 60 * 60_000).toISOString(),
    });
    say('16 teams signed up and checked in; the start moved to the past: the sweeper draws the bracket');

    const spectator = new SoakClient(base, '127.0.2.1');
    const progress = newProgress();
    const { finished, cancelled } = progress;
    let killed: Promise<void> | null = null;
    let page: TournamentPage | null = null;
    const deadline = Date.now() + DEADLINE_MS;
    while (Date.now() < deadline) {
      const answer = await spectator.call('GET', `/api/v1/tournaments/${slug}`);
      if (answer.status === 200) {
        page = answer.body as TournamentPage;
        if (page.data.status === 'finished' || page.data.status === 'cancelled') break;
        await playBracket(page, teamsById, progress, say);
      }
      if (!killed && finished.size >= KILL_AFTER) {
        const victim = deployment.instances[1]!;
        killed = (async () => {
          say(
            `SIGKILL ${victim.name} (pid ${String(victim.pid)}) after ${String(finished.size)} finished matches`,
          );
          await victim.kill();
          await sleep(RESTART_AFTER_MS);
          await victim.start();
          say(`${victim.name} restarted (pid ${String(victim.pid)})`);
        })();
      }
      await sleep(1000);
    }
    await killed;
    // The last events settle; then every captain's view is compared with the final state.
    await sleep(3000);
    const final = await spectator.must<TournamentPage>('GET', `/api/v1/tournaments/${slug}`);
    const all = bracketMatches(final).filter((m) => m.id !== null);
    const truth = new Map(all.map((m) => [m.id!, m.statusId]));
    let finishedCount = 0;
    let equal = 0;
    const differing: string[] = [];
    for (const m of all) {
      if (m.statusId !== STATUS.finished) continue;
      finishedCount++;
      const detail = await admin.must<MatchDetail>('GET', `/api/v1/match-detail/${String(m.id)}`);
      const entered = (detail.data.outcome?.maps ?? []).filter((x) => x.firstScore !== null);
      const logged = results.get(m.id!);
      const same =
        logged !== undefined &&
        entered.length === logged.maps.length &&
        entered.every(
          (x, i) =>
            x.nameCmd === logged.maps[i]?.nameCmd &&
            x.firstScore === logged.maps[i]?.challengerRounds &&
            x.secondScore === logged.maps[i]?.opponentRounds,
        );
      if (same) equal++;
      else
        differing.push(
          `match ${String(m.id)}: entered ${JSON.stringify(entered.map((x) => [x.nameCmd, x.firstScore, x.secondScore]))}, ` +
            `log ${JSON.stringify(logged?.maps.map((x) => [x.nameCmd, x.challengerRounds, x.opponentRounds]) ?? null)}`,
        );
    }
    let missed = 0;
    let reconnects = 0;
    let frames = 0;
    const missedSamples: string[] = [];
    for (const view of views) {
      reconnects += view.socket.reconnects;
      frames += view.socket.frames;
      if (view.tournamentStatus !== final.data.status) {
        missed++;
        missedSamples.push(`${view.team.slug}: tournament ${view.tournamentStatus}`);
      }
      for (const m of all) {
        if (m.challengerTeam?.id !== view.team.id && m.opponentTeam?.id !== view.team.id) continue;
        const seen = view.statuses.get(m.id!);
        if (seen !== truth.get(m.id!)) {
          missed++;
          missedSamples.push(
            `${view.team.slug}: match ${String(m.id)} seen ${String(seen)}, is ${String(m.statusId)}`,
          );
        }
      }
    }
    const nginxLog = fiveXxInAccessLog(deployment.accessLog);
    const mb = (n: number | null) => (n === null ? 'n/a' : `${(n / 1024 / 1024).toFixed(0)} MB`);
    console.log('');
    console.log(`Soak: 16-team single elimination through nginx on two instances (${elapsed().trim()})`);
    console.log(
      `  matches finished              ${String(finishedCount)} of 15 (cancelled: ${String(cancelled.size)})`,
    );
    console.log(`  results equal to server log   ${String(equal)} of ${String(finishedCount)}`);
    for (const d of differing) console.log(`    ${d}`);
    console.log(
      `  bracket complete              ${final.data.status}, winner: ${final.data.winner?.name ?? 'none'}`,
    );
    console.log(
      `  5xx seen by the clients       ${String(traffic.fiveXx)} of ${String(traffic.requests)} requests` +
        ` (connection errors retried: ${String(traffic.networkErrors)})`,
    );
    for (const s of traffic.fiveXxSamples) console.log(`    ${s}`);
    console.log(
      `  5xx in nginx's access log     ${String(nginxLog.fiveXx)} of ${String(nginxLog.total)} (clients and log agents)`,
    );
    console.log(
      `  realtime events missed        ${String(missed)} (captains' views against the final state; ` +
        `${String(frames)} events, ${String(reconnects)} reconnects)`,
    );
    for (const s of missedSamples.slice(0, 10)) console.log(`    ${s}`);
    for (const instance of deployment.instances)
      console.log(`  RSS ${instance.name.padEnd(26)}${mb(instance.rss())}`);
    // What the instances logged as errors (pino level 50+), the first of each message.
    const errors = new Map<string, number>();
    for (const instance of deployment.instances) {
      for (const line of fs.readFileSync(instance.logFile, 'utf8').split('\n')) {
        let entry: { level?: number; msg?: string; err?: { message?: string } };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          continue; // not a JSON log line
        }
        if ((entry.level ?? 0) < 50) continue;
        // The message's last line says what failed ("deadlock detected"), the first the whole query.
        const key = `${entry.msg ?? ''}: ${(entry.err?.message ?? '').split('\n').at(-1) ?? ''}`.slice(
          0,
          200,
        );
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
    console.log(`  errors logged by instances    ${String([...errors.values()].reduce((a, b) => a + b, 0))}`);
    for (const [key, n] of errors) console.log(`    ${String(n)} × ${key}`);
    console.log(`  logs (instances, nginx)       ${path.dirname(deployment.accessLog)}`);
  } finally {
    await cleanUp();
  }
}

await main();
