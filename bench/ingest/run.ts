// Log ingest benchmark (docs/benchmarks.md). It starts the real server as `npm start` would (its own process,
// PGlite, GAME_SERVER_PROVIDER=pool) with one CoD4x emulator registered through the admin API, stages a match
// in progress on it, and posts a long generated match log (BENCH_MAPS maps of BENCH_ROUNDS rounds between two
// teams of BENCH_TEAM_SIZE) as the log agent does, in BENCH_BATCHES batches, through
// `POST /api/v1/game-server-agent/batches`. It prints the time per batch (the whole HTTP round trip: store,
// parse, statistics, live score) of the first 10 and the last 10 batches and their ratio: when ingest is
// linear in the batch's size, a batch late in the match costs what an early one does (~1.0x).
// Then, in this process, the fold alone over the same batches: folding the whole log so far after each batch (what
// the statistics did before) against adding the batch to the match's fold (what they do now).
// Figures only, no assertions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiSession } from '../../e2e/support/api-session.ts';
import { startServer } from '../../e2e/support/server.ts';
import { Cod4xEmulator } from '../../server/src/emulator/cod4x-emulator.ts';
import { parseLogLine, type LogEvent } from '../../server/src/modules/match-log/index.ts';
import {
  generateMatchLog,
  MatchLogFold,
  summarizeEvents,
} from '../../server/src/modules/statistics/index.ts';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TEAM_SIZE = Number(process.env.BENCH_TEAM_SIZE ?? 10);
const RCON = 'bench-rcon-password';

interface Team {
  players: { username: string; stats: { total_kills: number | null } }[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

async function main(): Promise<void> {
  const load = os.loadavg()[0] ?? 0;
  const server = await startServer({
    GAME_SERVER_PROVIDER: 'pool',
    GAME_SERVER_MONITOR_INTERVAL_MS: '60000',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-bench-ingest-'));
  const emulator = new Cod4xEmulator({ rconPassword: RCON, logPath: path.join(dir, 'games_mp.log') });
  const port = await emulator.start();
  try {
    const admin = await apiSession(server, 'admin');
    const saved = await admin.call('POST', '/api/v1/admin/game-servers', {
      name: 'Bench',
      host: '127.0.0.1',
      port,
      rconPassword: RCON,
    });
    const { agentToken } = (saved.body as { data: { agentToken: string } }).data;
    const staged = await admin.call('POST', '/api/v1/dev/scenarios/in-progress', {});
    const matchId = (staged.body as { data: { matchId: number } }).data.matchId;
    const live = (await admin.call('GET', `/api/v1/match/${matchId}/live-score`)).body as {
      data: { maps: { nameCmd: string }[] };
    };
    const maps = live.data.maps.map((m) => m.nameCmd);
    // The roster's usernames (so the log's players are the match's), then ringers up to BENCH_TEAM_SIZE.
    const before = (await admin.call('GET', `/api/v1/match-detail/statistics/${matchId}`)).body as {
      data: { teams: { firstTeam: Team; secondTeam: Team } };
    };
    const team = (side: string, roster: Team) =>
      Array.from({ length: Math.max(TEAM_SIZE, roster.players.length) }, (_, i) => ({
        guid: `bench${side}${i}`,
        name: roster.players[i]?.username ?? `${side}${i + 1}`,
      }));

    // The long match: each map first to ROUNDS/2 + 1, won by one round (ROUNDS rounds each).
    const roundsToWin = Math.floor(ROUNDS / 2) + 1;
    const log = generateMatchLog({
      seed: 7,
      challenger: team('red', before.data.teams.firstTeam),
      opponent: team('blue', before.data.teams.secondTeam),
      roundsToWin,
      maps: maps.map((nameCmd) => ({
        nameCmd,
        challengerRounds: roundsToWin,
        opponentRounds: ROUNDS - roundsToWin,
      })),
    });
    // The agent's attribution: every InitGame carries the match the server was allocated to.
    const lines = log.lines.map((l) => (l.includes('InitGame:') ? `${l}\\_versus_match\\${matchId}` : l));
    const size = Math.ceil(lines.length / BATCHES);
    const base = server.url.replace('localhost', '127.0.0.1');
    let offset = 0;
    const times: number[] = [];
    for (let i = 0; i < lines.length; i += size) {
      const chunk = lines.slice(i, i + size);
      const endOffset = offset + chunk.reduce((s, l) => s + l.length + 1, 0);
      const body = {
        batchId: `bench:${offset}`,
        fileKey: 'bench',
        startOffset: offset,
        endOffset,
        lines: chunk,
      };
      const start = performance.now();
      const res = await fetch(`${base}/api/v1/game-server-agent/batches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      times.push(performance.now() - start);
      if (!res.ok) throw new Error(`agent batch refused: ${res.status} ${text}`);
      offset = endOffset;
    }
    const stats = (await admin.call('GET', `/api/v1/match-detail/statistics/${matchId}`)).body as {
      data: { teams: { firstTeam: Team; secondTeam: Team } };
    };
    const kills = [...stats.data.teams.firstTeam.players, ...stats.data.teams.secondTeam.players].reduce(
      (s, p) => s + (p.stats.total_kills ?? 0),
      0,
    );
    const first = times.slice(0, 10);
    const last = times.slice(-10);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `${lines.length} lines in ${times.length} batches of ${size} lines (${maps.length} map(s) x ${ROUNDS} rounds, ` +
        `${TEAM_SIZE}v${TEAM_SIZE}); ${kills} kills in the statistics answer`,
    );
    console.log(
      `first 10 batches: median ${f(median(first))} ms, mean ${f(first.reduce((a, b) => a + b) / 10)} ms`,
    );
    console.log(
      `last 10 batches:  median ${f(median(last))} ms, mean ${f(last.reduce((a, b) => a + b) / 10)} ms`,
    );
    console.log(`last/first (medians): ${(median(last) / median(first)).toFixed(2)}x`);
    console.log(
      `all batches: median ${f(median(times))} ms, total ${f(times.reduce((a, b) => a + b) / 1000)} s`,
    );
    console.log(`load average before/after: ${load.toFixed(2)} / ${(os.loadavg()[0] ?? 0).toFixed(2)}`);

    // The fold alone, in this process, over the same batches.
    const batches: LogEvent[][] = [];
    for (let i = 0; i < lines.length; i += size) {
      batches.push(lines.slice(i, i + size).flatMap((l) => parseLogLine(l) ?? []));
    }
    const whole: number[] = [];
    const incremental: number[] = [];
    const all: LogEvent[] = [];
    const fold = new MatchLogFold();
    for (const batch of batches) {
      all.push(...batch);
      let start = performance.now();
      summarizeEvents(all);
      whole.push(performance.now() - start);
      start = performance.now();
      fold.add(batch).snapshot();
      incremental.push(performance.now() - start);
    }
    const foldLine = (label: string, t: number[]) =>
      console.log(
        `${label}: first 10 median ${median(t.slice(0, 10)).toFixed(3)} ms, last 10 median ` +
          `${median(t.slice(-10)).toFixed(3)} ms, ratio ${(median(t.slice(-10)) / median(t.slice(0, 10))).toFixed(2)}x`,
      );
    foldLine(`fold of the whole log after each batch (${all.length} events)`, whole);
    foldLine('the batch added to the match fold', incremental);
  } finally {
    await emulator.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
