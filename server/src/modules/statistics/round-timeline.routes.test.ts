// The round timeline over HTTP, from the hand-written logs of test-logs.ts (rounds counted by hand below), a
// restored map, and a generated log whose figures must agree with the scoreboard's.
import { roundTimelineAnswer } from '@versus/common/api/round-timeline';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer, buildTestApp, type TestApp, signIn } from '../../test/index.ts';
import { recordRestore } from '../match-log/index.ts';
import { generateMatchLog } from './log-generator.ts';
import { createMatchFixture, nameLogPlayers, postLogBatch, type MatchFixture } from './testing.ts';
import { CRASH_LOG, STRIKE_LOG } from './test-logs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
});
afterAll(async () => {
  await t.close();
});

async function postLog(fixture: MatchFixture, batchId: string, lines: string[]) {
  expect((await postLogBatch(t.app, fixture, batchId, lines)).statusCode).toBe(200);
}

async function timeline(matchId: number) {
  const client = await signIn(t.app, 'player15');
  return expectAnswer(await client.get(`/api/v1/match-detail/rounds/${matchId}`), roundTimelineAnswer).data;
}

describe('GET /api/v1/match-detail/rounds/{matchId}', () => {
  it('answers signed-in users only, 404 for a missing match', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/match-detail/rounds/1' })).statusCode).toBe(
      401,
    );
    const client = await signIn(t.app, 'player15');
    const missing = await client.get('/api/v1/match-detail/rounds/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Match not found.' });
  });

  it('tells each round of the hand-written log: winner, ending, running score, kills per player', async () => {
    const fixture = await createMatchFixture(t.app);
    await nameLogPlayers(t.app, fixture);
    await postLog(fixture, 'b1', CRASH_LOG);
    await postLog(fixture, 'b2', STRIKE_LOG);
    const data = await timeline(fixture.matchId);
    expect(data.teamNames).toEqual({ first: 'Red Dragons', second: 'Northern Wolves' });
    expect(data.maps.map((m) => m.name)).toEqual(['Crash', 'Strike']);

    const [crash, strike] = data.maps;
    // Challenger side first, then the opponent's; Delta matched no account and keeps his in-game name.
    expect(crash?.players).toEqual([
      { userId: fixture.userIds.get('player1'), username: 'player1', side: 1 },
      { userId: fixture.userIds.get('player2'), username: 'player2', side: 1 },
      { userId: null, username: 'Delta', side: 2 },
      { userId: fixture.userIds.get('player6'), username: 'player6', side: 2 },
    ]);
    // Round 1: Alpha's double kill wipes the axis. Round 2: Charlie's plant explodes (Alpha's team kill and
    // fall are no enemy kills). Round 3: Charlie kills Bravo, Alpha defuses.
    expect(crash?.rounds).toEqual([
      {
        round: 1,
        winner: 'first',
        ending: 'elimination',
        firstScore: 1,
        secondScore: 0,
        kills: [2, 0, 0, 0],
      },
      { round: 2, winner: 'second', ending: 'bomb', firstScore: 1, secondScore: 1, kills: [0, 0, 0, 0] },
      { round: 3, winner: 'first', ending: 'defuse', firstScore: 2, secondScore: 1, kills: [0, 0, 0, 1] },
    ]);
    expect(crash?.restores).toEqual([]);
    // mp_strike: the warm-up kill is gone with the restart; two rounds to the axis (the opponent) on time.
    expect(strike?.rounds).toEqual([
      { round: 1, winner: 'second', ending: 'time', firstScore: 0, secondScore: 1, kills: [0, 0, 0, 1] },
      { round: 2, winner: 'second', ending: 'time', firstScore: 0, secondScore: 2, kills: [0, 0, 1, 0] },
    ]);
  });

  it('shows a restored map as one map with its restore', async () => {
    const fixture = await createMatchFixture(t.app, { mapNames: ['mp_crash'] });
    await nameLogPlayers(t.app, fixture);
    // Rounds 1 and 2 of CRASH_LOG, then round 3 begins (a kill) and the server crashes.
    const roundTwoEnd = CRASH_LOG.findIndex((l) => l.includes('RW;2;'));
    await postLog(fixture, 'before', [
      ...CRASH_LOG.slice(0, roundTwoEnd + 1),
      '  0:45 K;aaa;0;allies;Alpha;ccc;2;axis;Charlie;ak47_mp;100;MOD_RIFLE_BULLET;torso_upper',
    ]);
    const matchMapId = fixture.matchMapIds.get('mp_crash') ?? 0;
    const plan = {
      matchMapId,
      mapName: 'mp_crash',
      maps: ['mp_crash'],
      promodMode: 'match_mr12_1:1',
      rounds: 2,
      attack: 1,
      defence: 1,
      firstScore: 1,
      secondScore: 1,
    };
    await recordRestore(t.app.db, fixture.matchId, plan, 'crash', new Date('2026-01-02T10:00:00Z'));
    // The new server: its level loads, round 3 is played again (Charlie kills Bravo, Alpha defuses).
    await postLog(fixture, 'after', [
      '  0:00 InitGame: \\g_gametype\\sd\\mapname\\mp_crash',
      '  0:01 JT;aaa;0;allies;Alpha;',
      '  0:01 JT;bbb;1;allies;Bravo;',
      '  0:01 JT;ccc;2;axis;Charlie;',
      '  0:01 JT;ddd;3;axis;Delta;',
      '  0:20 K;bbb;1;allies;Bravo;ccc;2;axis;Charlie;ak47_mp;100;MOD_RIFLE_BULLET;torso_upper',
      '  0:30 P_D;aaa;0;Alpha',
      '  0:31 RW;3;allies;bomb_defused',
    ]);
    const [crash] = (await timeline(fixture.matchId)).maps;
    expect(crash?.rounds.map((r) => [r.round, r.winner, r.firstScore, r.secondScore])).toEqual([
      [1, 'first', 1, 0],
      [2, 'second', 1, 1],
      [3, 'first', 2, 1],
    ]);
    // The kill of the round the crash cut short is not counted; the replayed round's is.
    expect(crash?.rounds[2]?.kills).toEqual([0, 0, 0, 1]);
    expect(crash?.restores).toEqual([
      { reason: 'crash', afterRound: 2, firstScore: 1, secondScore: 1, at: '2026-01-02T10:00:00.000Z' },
    ]);
  });

  it('agrees with the scoreboard on a generated log (scores and every player’s kills)', async () => {
    const fixture = await createMatchFixture(t.app);
    const side = (from: number) =>
      [0, 1, 2, 3, 4].map((i) => ({ guid: String(from + i).padStart(32, '0'), name: `player${from + i}` }));
    const { lines, results } = generateMatchLog({
      seed: 11,
      challenger: side(1),
      opponent: side(6),
      maps: [
        { nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 9 },
        { nameCmd: 'mp_strike', challengerRounds: 6, opponentRounds: 13 },
      ],
    });
    await postLog(fixture, 'all', lines);
    const data = await timeline(fixture.matchId);
    const client = await signIn(t.app, 'player15');
    const stats = expectAnswer(
      await client.get(`/api/v1/match-detail/statistics/${fixture.matchId}`),
      matchStatisticsAnswer,
    ).data;
    expect(data.maps.map((m) => m.rounds.length)).toEqual([22, 19]);
    data.maps.forEach((map, i) => {
      const last = map.rounds.at(-1);
      expect([last?.firstScore, last?.secondScore]).toEqual([
        results[i]?.challengerRounds,
        results[i]?.opponentRounds,
      ]);
      expect(map.rounds.every((r) => r.ending !== 'other')).toBe(true);
      const players = [...stats.teams.firstTeam.players, ...stats.teams.secondTeam.players];
      map.players.forEach((p, index) => {
        const kills = map.rounds.reduce((sum, r) => sum + (r.kills[index] ?? 0), 0);
        const scoreboard = players.find((s) => s.username === p.username)?.maps[String(map.id)];
        expect(kills).toBe(scoreboard?.total_kills);
      });
    });
  });
});
