// The embedded default across an app restart, with the real server process: a ladder match plays on its
// emulated server, the app is killed with SIGKILL mid-map (the emulator dies with it), and the restarted
// app puts the match back on its server at the score of the log, with the join password the players have.
// The room shows the restore, the new emulator starts from the rounds kept, and the map ends with a result
// that counts the rounds of before the kill.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { liveScoreAnswer } from '@versus/common/api/game-servers';
import { matchServerAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killServerProcess,
  makeDataDir,
  signInCaptains,
  stageScenario,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../../test/server-process.ts';

// A map of about 20 s: time to see rounds before the kill and to finish it after the restart.
const ENV = { GAME_SERVER_PROVIDER: 'embedded', EMBEDDED_MS_PER_GAME_SECOND: '10' };

let proc: ServerProcess | null = null;
let dataDir = '';
afterAll(async () => {
  if (proc) await killServerProcess(proc);
  // The emulators' demo hooks may still be writing into their folders for a moment.
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

async function until<T>(what: string, read: () => Promise<T | null>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${proc?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Plays the whole veto over HTTP, each turn by the captain on turn. */
async function playVeto(captains: Map<string, ProcessSession>, matchId: number): Promise<void> {
  const [any] = captains.values();
  if (!any) throw new Error('no captain');
  for (;;) {
    const { data } = vetoMatchAnswer.parse((await any.call('GET', `/api/v1/match/${matchId}`)).body);
    if (data.statusId !== STATUS.mapVeto) return;
    const open = data.maps.find((m) => m.mapIndex === null);
    const onTurn = [data.challengerUser, data.opponentUser].find((u) => u?.id === data.vetoDetail?.userId);
    const captain = onTurn ? captains.get(onTurn.username) : undefined;
    if (!captain || !open) throw new Error(`no veto turn in match ${matchId}`);
    expect((await captain.call('POST', `/api/v1/match/${matchId}/map/${open.id}`)).status).toBeLessThan(300);
  }
}

async function serverBox(s: ProcessSession, matchId: number) {
  return matchServerAnswer.parse((await s.call('GET', `/api/v1/match/${matchId}/server`)).body).data;
}

async function liveScore(s: ProcessSession, matchId: number) {
  const answer = await s.call('GET', `/api/v1/match/${matchId}/live-score`);
  const map = liveScoreAnswer.parse(answer.body).data.maps[0];
  return { first: map?.firstScore ?? 0, second: map?.secondScore ?? 0 };
}

/** The development control interface of the emulator on game port `port` (its folder's control.json). */
async function emulatorState(dataDir: string, port: number) {
  const root = path.join(dataDir, 'emulators');
  for (const folder of await readdir(root)) {
    const text = await readFile(path.join(root, folder, 'control.json'), 'utf8').catch(() => null);
    if (text === null) continue;
    const control = JSON.parse(text) as { port: number; controlUrl: string };
    if (control.port !== port) continue;
    const answer = (await (await fetch(`${control.controlUrl}/state`)).json()) as {
      data: {
        dvars: Record<string, string>;
        results: { challengerRounds: number; opponentRounds: number }[] | null;
      };
    };
    return answer.data;
  }
  throw new Error(`No embedded emulator listens on port ${port}.`);
}

function connection(box: { connectionString: string | null }) {
  const [, port, password] = /:(\d+); password (\S+)/.exec(box.connectionString ?? '') ?? [];
  return { port: Number(port), password: password ?? '' };
}

// The server process runs on its own PGlite folder whatever the project: run once, in the `server` project.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded default after an app restart', () => {
  it('resumes a match in play at the score of the log, with the same join password', async () => {
    const data = await makeDataDir('versus-resume-');
    dataDir = data.dir;
    proc = await startServerProcess(data.dir, ENV);
    const staged = await stageScenario(proc, 'ladder-veto');
    const matchId = staged.matchId;
    const captains = await signInCaptains(proc, staged);
    await playVeto(captains, matchId);
    const [captainName = ''] = captains.keys();
    const captain = captains.get(captainName) as ProcessSession;
    const before = connection(
      await until('a server', async () => {
        const box = await serverBox(captain, matchId);
        return box.connectionString ? box : null;
      }),
    );
    expect(before.password).toMatch(/^\w{10}$/);

    // A few rounds in, the app dies and its emulator with it.
    const seen = await until('three rounds', async () => {
      const map = await liveScore(captain, matchId);
      return map.first + map.second >= 3 ? map : null;
    });
    await killServerProcess(proc);

    proc = await startServerProcess(data.dir, ENV);
    const [again] = (await signInCaptains(proc, staged)).values();
    if (!again) throw new Error('no captain');
    const box = await serverBox(again, matchId);
    const after = connection(box);
    expect(box.matchState).toBe(STATUS.inProgress);
    expect(after.password).toBe(before.password);
    // The room: "Map restored at 4:2 after a server crash", at least the rounds seen before the kill.
    const restore = box.restore;
    expect(restore?.reason).toBe('crash');
    expect(restore?.firstScore).toBeGreaterThanOrEqual(seen.first);
    expect(restore?.secondScore).toBeGreaterThanOrEqual(seen.second);
    const kept = (restore?.firstScore ?? 0) + (restore?.secondScore ?? 0);
    expect(kept).toBeLessThan(25);
    // The new emulator was told the score (promod's `<mode>_A:D`) and the password.
    const state = await emulatorState(data.dir, after.port);
    const [, a, d] = /_(\d+):(\d+)$/.exec(state.dvars.promod_mode ?? '') ?? [];
    expect(Number(a) + Number(d)).toBe(kept);
    expect(state.dvars.g_password).toBe(before.password);

    // The map ends on the new server; the log's result counts the rounds of before the kill.
    await until('the result from the log', async () => {
      const { data } = vetoMatchAnswer.parse((await again.call('GET', `/api/v1/match/${matchId}`)).body);
      return data.statusId === STATUS.scoreEntered ? data : null;
    });
    const [result] = (await emulatorState(data.dir, after.port)).results ?? [];
    const final = await liveScore(again, matchId);
    expect(final).toEqual({ first: result?.challengerRounds, second: result?.opponentRounds });
    expect(final.first).toBeGreaterThanOrEqual(restore?.firstScore ?? 0);
    expect(final.second).toBeGreaterThanOrEqual(restore?.secondScore ?? 0);
    expect(Math.max(final.first, final.second)).toBe(13);
    await killServerProcess(proc);
    proc = null;
  }, 600_000);
});
