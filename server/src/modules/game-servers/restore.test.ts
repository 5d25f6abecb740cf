// Resume at the score over real UDP and HTTP: a ladder match's emulated server crashes in the middle of a
// round, an admin moves the match, the new server is given promod's `<mode>_A:D`, the rotation from the
// interrupted map and the same join password, and the map finishes there. The live score continues from the
// rounds kept, the automatic result is right, and each player's kills and deaths are the sum over both
// servers with the dropped round counted nowhere.
import fs from 'node:fs';
import { matchServerAnswer } from '@versus/common/api/matches';
import { liveScoreAnswer } from '@versus/common/api/game-servers';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { gameServerHosts } from '../../db/schema/index.ts';
import type { Cod4xEmulator } from '../../emulator/cod4x-emulator.ts';
import { loadMatch } from '../matches/index.ts';
import { linkedPlayerIds } from './embedded-driver.ts';
import { createPoolApp, Emulators, endVeto, matchAtLastVetoStep, registerServer } from './testing.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';

let t: TestApp;
const emulators = new Emulators();
afterEach(async () => {
  await t.close();
  await emulators.stop();
});

async function until(check: () => Promise<boolean> | boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The emulator's games_mp.log posted by its log agent's token, as one batch of the whole file. */
async function shipLog(emulator: Cod4xEmulator, agentToken: string, fileKey: string) {
  const lines = fs.readFileSync(emulator.log.path, 'latin1').split('\n').filter(Boolean);
  const endOffset = lines.reduce((s, l) => s + l.length + 1, 0);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/game-server-agent/batches',
    headers: { authorization: `Bearer ${agentToken}` },
    payload: { batchId: `${fileKey}:0`, fileKey, startOffset: 0, endOffset, lines },
  });
  expect(res.statusCode).toBe(200);
  return lines;
}

/** Kills and deaths per GUID of the rounds a log played: from the live InitGame to its last `RW`. */
function playedKills(lines: string[]): Map<string, { kills: number; deaths: number }> {
  const firstRound = lines.findIndex((l) => / RW;/.test(l));
  let start = firstRound;
  while (start > 0 && !(lines[start] ?? '').includes('InitGame:')) start--;
  let end = lines.length - 1;
  while (end > 0 && !/ RW;/.test(lines[end] ?? '')) end--;
  const totals = new Map<string, { kills: number; deaths: number }>();
  const of = (guid: string) => {
    const row = totals.get(guid) ?? { kills: 0, deaths: 0 };
    totals.set(guid, row);
    return row;
  };
  for (const line of lines.slice(start, end + 1)) {
    const f = line.replace(/^\s*\d+:\d{2} /, '').split(';');
    if (f[0] !== 'K') continue;
    of(f[1] ?? '').deaths++;
    if (f[5] && f[3] !== f[7]) of(f[5]).kills++;
  }
  return totals;
}

/** Rounds won per side in a log's completed rounds, by the first half's teams (side 1 is allies first). */
function roundWins(lines: string[], roundsToWin: number) {
  const wins = { allies1: 0, axis1: 0, allies2: 0, axis2: 0 };
  for (const line of lines) {
    const m = / RW;(\d+);(allies|axis);/.exec(line);
    if (!m) continue;
    const half = Number(m[1]) < roundsToWin ? 1 : 2;
    wins[`${m[2] as 'allies' | 'axis'}${half}`]++;
  }
  return wins;
}

async function joinRoster(emulator: Cod4xEmulator, matchId: number, password: string) {
  const record = await loadMatch(t.app.db, matchId, { lock: false });
  if (!record) throw new Error('no match');
  const players = record.state.players.filter((p) => p.side === 1 || p.side === 2);
  const ids = await linkedPlayerIds(
    t.app.db,
    record.row.gameId,
    players.map((p) => p.userId),
  );
  for (const p of players) {
    const playerId = ids.get(p.userId);
    if (!playerId) throw new Error(`player ${p.username} has no linked player id`);
    emulator.join({ playerId, name: p.username, side: p.side === 1 ? 1 : 2, password });
  }
  return new Map(players.map((p) => [ids.get(p.userId) ?? '', p.userId]));
}

describe('restore at the score', () => {
  it('crash mid-map → admin moves the match → the map continues at A:D and adds up once', async () => {
    t = await createPoolApp({ GAME_SERVER_MONITOR_INTERVAL_MS: '300', GAME_SERVER_OFFLINE_AFTER_MS: '900' });
    const first = await emulators.start({ msPerGameSecond: 0.3 });
    const firstServer = await registerServer(t, first);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    const record = await loadMatch(t.app.db, matchId, { lock: false });
    const promodMode = record?.competition.promodMode ?? '';
    const roundsToWin = Number(/mr(\d+)/.exec(promodMode)?.[1] ?? 12) + 1;
    const map = first.state().map ?? '';
    const password = first.state().dvars.g_password ?? '';
    expect(map).toMatch(/^mp_/);
    const userOf = await joinRoster(first, matchId, password);

    // The first server plays 14 rounds (into the second half), then dies at a kill of round 15.
    const crashed = new Promise((resolve) => first.once('crash', resolve));
    first.goLive(11);
    first.crash({ afterRound: 14 });
    await crashed;
    const firstLines = await shipLog(first, firstServer.agentToken, 'first');
    const player = await signIn(t.app, 'player1');
    const before = expectAnswer(await player.get(`/api/v1/match/${matchId}/live-score`), liveScoreAnswer);
    const kept = before.data.maps[0];
    expect((kept?.firstScore ?? 0) + (kept?.secondScore ?? 0)).toBe(14);

    await until(async () => {
      const [row] = await t.app.db
        .select()
        .from(gameServerHosts)
        .where(eq(gameServerHosts.id, firstServer.id));
      return row?.status === 'OFFLINE';
    });
    const second = await emulators.start({ msPerGameSecond: 0.3 });
    const secondServer = await registerServer(t, second);
    const admin = await signIn(t.app, 'admin');
    const moved = await admin.post(`/api/v1/admin/matches/${matchId}/move-server`, {
      gameServerId: secondServer.id,
    });
    expect(moved.status).toBe(200);

    // Round 15 is the second half's: side 2 (allies now) attacks with its rounds, side 1 defends.
    const wins = roundWins(firstLines, roundsToWin);
    const side1 = wins.allies1 + wins.axis2;
    const side2 = wins.axis1 + wins.allies2;
    expect(second.state().dvars).toMatchObject({
      promod_mode: `${promodMode}_${side2}:${side1}`,
      sv_mapRotation: `gametype sd map ${map}`,
      g_password: password,
      mapname: map,
      _versus_match: String(matchId),
    });
    expect({ first: kept?.firstScore, second: kept?.secondScore }).toEqual({ first: side1, second: side2 });
    // The room says so.
    const box = expectAnswer(await player.get(`/api/v1/match/${matchId}/server`), matchServerAnswer);
    expect(box.data.restore).toMatchObject({ reason: 'crash', firstScore: side1, secondScore: side2 });

    await joinRoster(second, matchId, password);
    const finished = new Promise((resolve) => second.once('finished', resolve));
    second.goLive(23);
    await finished;
    const [result] = second.state().results ?? [];
    expect(result?.nameCmd).toBe(map);
    const secondLines = await shipLog(second, secondServer.agentToken, 'second');

    // The live score went on from the rounds kept to the map's end.
    const after = expectAnswer(await player.get(`/api/v1/match/${matchId}/live-score`), liveScoreAnswer);
    expect(after.data.maps[0]).toMatchObject({
      firstScore: result?.challengerRounds,
      secondScore: result?.opponentRounds,
    });
    expect(Math.max(result?.challengerRounds ?? 0, result?.opponentRounds ?? 0)).toBe(roundsToWin);
    // The automatic result: the log's score entered for the map, the winner's side ahead.
    await until(async () => {
      const r = await loadMatch(t.app.db, matchId, { lock: false });
      return r?.state.statusId !== STATUS.inProgress;
    }, 10_000);
    const ended = await loadMatch(t.app.db, matchId, { lock: false });
    expect(ended?.state.score.maps?.[0]).toMatchObject({
      challengerScore: result?.challengerRounds,
      opponentScore: result?.opponentRounds,
    });
    expect(ended?.state.score.fromLog).toBe(true);

    // Kills and deaths: the first server's completed rounds plus the second server's, nothing else.
    const expected = new Map<number, { kills: number; deaths: number }>();
    for (const part of [playedKills(firstLines), playedKills(secondLines)]) {
      for (const [guid, kd] of part) {
        const userId = userOf.get(guid);
        if (userId === undefined) continue;
        const row = expected.get(userId) ?? { kills: 0, deaths: 0 };
        expected.set(userId, { kills: row.kills + kd.kills, deaths: row.deaths + kd.deaths });
      }
    }
    const stats = expectAnswer(
      await player.get(`/api/v1/match-detail/statistics/${matchId}`),
      matchStatisticsAnswer,
    );
    const shown = new Map(
      [...stats.data.teams.firstTeam.players, ...stats.data.teams.secondTeam.players].map((p) => [
        p.userId,
        { kills: p.stats.total_kills, deaths: p.stats.total_deaths },
      ]),
    );
    expect(expected.size).toBe(userOf.size);
    for (const [userId, kd] of expected) expect(shown.get(userId)).toEqual(kd);
  }, 120_000);

  it("an admin restarts the map at the score on the match's own server; others are refused", async () => {
    t = await createPoolApp({ GAME_SERVER_RCON_TIMEOUT_MS: '3000' });
    const emulator = await emulators.start({ msPerGameSecond: 2 });
    const { agentToken } = await registerServer(t, emulator);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    const admin = await signIn(t.app, 'admin');
    // No server yet: nothing to restart on.
    const early = await admin.post(`/api/v1/match/${matchId}/server/restore`, {});
    expect([early.status, early.body]).toEqual([
      409,
      { message: 'Only a match in progress can restart its map.' },
    ]);
    await endVeto(t.app.ctx, matchId);
    const password = emulator.state().dvars.g_password ?? '';
    const map = emulator.state().map ?? '';
    // Before the first round ends the log has no map under way.
    const none = await admin.post(`/api/v1/match/${matchId}/server/restore`, {});
    expect([none.status, none.body]).toEqual([
      409,
      { message: 'No map of this match has begun on its server yet.' },
    ]);
    const player = await signIn(t.app, 'player1');
    expect((await player.post(`/api/v1/match/${matchId}/server/restore`, {})).status).toBe(403);

    await joinRoster(emulator, matchId, password);
    const third = new Promise<void>((resolve) => emulator.on('round', (r: number) => r === 3 && resolve()));
    emulator.goLive(4);
    await third;
    await shipLog(emulator, agentToken, 'only');
    const restarted = await admin.post(`/api/v1/match/${matchId}/server/restore`, {});
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    const promod = emulator.state().dvars.promod_mode ?? '';
    const [, a, d] = /_(\d+):(\d+)$/.exec(promod) ?? [];
    expect(Number(a) + Number(d)).toBe(3);
    expect(emulator.state().dvars).toMatchObject({ g_password: password, mapname: map });
    const box = expectAnswer(await player.get(`/api/v1/match/${matchId}/server`), matchServerAnswer);
    expect(box.data.restore?.reason).toBe('admin');
    expect((box.data.restore?.firstScore ?? 0) + (box.data.restore?.secondScore ?? 0)).toBe(3);
    expect(restarted.body).toEqual({
      message: `The map restarts at ${box.data.restore?.firstScore}:${box.data.restore?.secondScore}.`,
    });
  });
});
