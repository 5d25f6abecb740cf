// Game-server benchmark (docs/benchmarks.md). It starts the real server (its own process,
// GAME_SERVER_PROVIDER=pool, PGlite) and one CoD4x emulator in this process, registered through the admin
// API, and prints:
// 1. veto end → server configured and first map loading: from the captain's last veto POST to the emulator
//    receiving `map <first>` (the last of the rcon configuration), against the same seven rcon commands sent
//    straight to the emulator (the protocol floor), p50/p95 and the ratio;
// 2. log line → score seen in a browser: from posting an agent batch that ends a round to the match room in
//    Chromium showing the new round score, against a bare `fetch('/ping')` round trip from the same page.
// Figures only, no assertions. BENCH_ALLOCATIONS (10), BENCH_ROUNDS (20).
import { STATUS } from '@versus/common/match/statuses';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiSession, type ApiSession } from '../../e2e/support/api-session.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { signedInPage } from '../../e2e/support/match.ts';
import { startServer } from '../../e2e/support/server.ts';
import { Cod4xEmulator } from '../../server/src/emulator/cod4x-emulator.ts';
import { rcon } from '../../server/src/lib/cod4x/rcon-client.ts';

const ALLOCATIONS = Number(process.env.BENCH_ALLOCATIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const RCON = 'bench-rcon-password';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function line(label: string, app: number[], base: number[]): void {
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `${label.padEnd(44)} app p50/p95 ${f(percentile(app, 50))} /${f(percentile(app, 95))} ms   ` +
      `baseline p50/p95 ${f(percentile(base, 50))} /${f(percentile(base, 95))} ms   ` +
      `p95 ratio ${(percentile(app, 95) / percentile(base, 95)).toFixed(2)}`,
  );
}

interface VetoMatch {
  statusId: number;
  vetoDetail: { userId: number } | null;
  maps: { id: number; pickedByTeamId: number | null; removedByTeamId: number | null; deciderMap: boolean }[];
}

async function sessionsByUserId(server: Parameters<typeof apiSession>[0]): Promise<Map<number, ApiSession>> {
  const sessions = new Map<number, ApiSession>();
  for (const name of ['player1', 'player6']) {
    const s = await apiSession(server, name);
    const me = (await s.call('GET', '/api/v1/auth/me')).body as { data?: { id: number }; id?: number };
    sessions.set(me.data?.id ?? me.id ?? 0, s);
  }
  return sessions;
}

async function main(): Promise<void> {
  const server = await startServer({ GAME_SERVER_PROVIDER: 'pool', GAME_SERVER_MONITOR_INTERVAL_MS: '2000' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-bench-gs-'));
  const emulator = new Cod4xEmulator({ rconPassword: RCON, logPath: path.join(dir, 'games_mp.log') });
  const port = await emulator.start();
  const browser = await launchBrowser();
  try {
    const admin = await apiSession(server, 'admin');
    const saved = await admin.call('POST', '/api/v1/admin/game-servers', {
      name: 'Bench',
      host: '127.0.0.1',
      port,
      rconPassword: RCON,
    });
    const { agentToken } = (saved.body as { data: { agentToken: string } }).data;
    const captains = await sessionsByUserId(server);

    // 1. Veto end → configured and first map loading.
    const app: number[] = [];
    let matchId = 0;
    for (let i = 0; i < ALLOCATIONS + 1; i++) {
      const staged = await admin.call('POST', '/api/v1/dev/scenarios/ladder-veto', {});
      matchId = (staged.body as { data: { matchId: number } }).data.matchId;
      for (;;) {
        const match = ((await admin.call('GET', `/api/v1/match/${matchId}`)).body as { data: VetoMatch })
          .data;
        const open = match.maps.filter(
          (m) => m.pickedByTeamId === null && m.removedByTeamId === null && !m.deciderMap,
        );
        const captain = captains.get(match.vetoDetail?.userId ?? -1);
        if (match.statusId !== STATUS.mapVeto || !captain || !open[0]) break;
        const last = open.length === 2;
        const loaded = last
          ? new Promise<number>((resolve) => emulator.once('map', () => resolve(performance.now())))
          : null;
        const start = performance.now();
        await captain.call('POST', `/api/v1/match/${matchId}/map/${open[0].id}`);
        if (loaded && i > 0) app.push((await loaded) - start); // the first run warms up
      }
      if (i < ALLOCATIONS) await admin.call('POST', `/api/v1/admin/matches/${matchId}/cancel`, {});
    }
    const base: number[] = [];
    const target = { host: '127.0.0.1', port, password: RCON };
    for (let i = 0; i < ALLOCATIONS; i++) {
      const start = performance.now();
      for (const command of [
        'sv_hostname "Versus bench"',
        'g_password "abcdefghij"',
        'sets _versus_match 1',
        'sv_mapRotation "gametype sd map mp_crash"',
        'sv_mapRotationCurrent ""',
        'promod_mode "match_mr12"',
        'map "mp_crash"',
      ]) {
        await rcon(target, command, { quietMs: 100 });
      }
      base.push(performance.now() - start);
    }
    line('veto end → server configured + map loading', app, base);

    // 2. Log line → score seen in the browser (the last match above is in progress on the emulator).
    const page: Page = await signedInPage(browser, server, 'player1');
    await page.goto(`/match/${matchId}`);
    await page.locator('.match-page[data-live="true"]').waitFor();
    const post = async (lines: string[], offset: number) => {
      const body = { batchId: `bench:${offset}`, fileKey: 'bench', startOffset: offset, endOffset: 0, lines };
      body.endOffset = offset + lines.reduce((s, l) => s + l.length + 1, 0);
      const res = await fetch(
        `${server.url.replace('localhost', '127.0.0.1')}/api/v1/game-server-agent/batches`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      if (!res.ok) throw new Error(`agent batch refused: ${res.status} ${await res.text()}`);
      return body.endOffset;
    };
    const live = (await admin.call('GET', `/api/v1/match/${matchId}/live-score`)).body as {
      data: { maps: { nameCmd: string }[] };
    };
    const mapName = live.data.maps[0]?.nameCmd ?? 'mp_crash';
    const init = `  0:00 InitGame: \\g_gametype\\sd\\mapname\\${mapName}\\_versus_match\\${matchId}`;
    const players = Array.from({ length: 10 }, (_, i) => ({
      guid: `[U:1:${1_000_001 + i}]`,
      name: `player${i + 1}`,
      num: i,
    }));
    const team = (i: number) => (i < 5 ? 'allies' : 'axis');
    let offset = await post(
      [
        init,
        ...players.flatMap((p) => [
          `  0:01 J;${p.guid};${p.num};${p.name}`,
          `  0:01 JT;${p.guid};${p.num};${team(p.num)};${p.name};`,
        ]),
      ],
      0,
    );
    const scores: number[] = [];
    let allies = 0;
    let axis = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const winner = round % 2 === 0 ? 'allies' : 'axis';
      if (winner === 'allies') allies++;
      else axis++;
      const expected = `${allies} - ${axis}`;
      const start = performance.now();
      offset = await post(
        [`  1:${String(round).padStart(2, '0')} RW;${round};${winner};enemies_eliminated`, init],
        offset,
      );
      await page.locator('.live-score li', { hasText: expected }).waitFor({ timeout: 10_000 });
      scores.push(performance.now() - start);
    }
    const pings: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      pings.push(
        await page.evaluate(async () => {
          const start = performance.now();
          await fetch('/ping', { cache: 'no-store' });
          await new Promise((resolve) => requestAnimationFrame(resolve));
          return performance.now() - start;
        }),
      );
    }
    line('log line → live score in the browser', scores, pings);
    await page.context().close();
  } finally {
    await browser.close();
    await emulator.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
