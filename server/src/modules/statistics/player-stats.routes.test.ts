// `GET /api/v1/users/{username}/stats` from known logs: every expected figure below is counted by hand from the
// lines (the generated log with seed 7 is printed in the comment), never by the code under test.
import { playerStatsAnswer } from '@versus/common/api/player-stats';
import { messageAnswer } from '@versus/common/api/primitives';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, matchPlayers, ratingHistory, soloQueues, teams } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, signIn, TestClient, type TestApp } from '../../test/index.ts';
import { generateMatchLog } from './log-generator.ts';
import { createMatchFixture, postLogBatch, type MatchFixture } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
});
afterAll(async () => {
  await t.close();
});

/*
 * mp_crash, first to 3, Alpha (player1, challenger) against Zulu (player6); sides swap after round 2:
 *   R1 Zulu hits Alpha 38+45+30 (capped: 100) and kills him; axis (Zulu) wins.
 *   R2 Alpha hits Zulu 33+36+38 (capped: 100) and kills him; allies (Alpha) win.
 *   R3 Alpha (now axis) kills Zulu with a 118 grenade (capped: 100); axis (Alpha) wins.
 *   R4 Zulu hits Alpha 10; Alpha hits Zulu 33+38+40 (capped: 100) and kills him; axis (Alpha) wins.
 * Alpha: 3 kills, 1 death, 300 damage, 4 rounds, 3 survived, three 1-kill rounds, no headshot: map 3-1.
 * FPS: 2.5 × (3/4/0.7 + 0.7 × 3/4/0.3 + 3/4/1.3) / 2.7 = 3.15.
 */
const GENERATED = {
  seed: 7,
  challenger: [{ guid: 'g1', name: 'Alpha' }],
  opponent: [{ guid: 'g6', name: 'Zulu' }],
  maps: [{ nameCmd: 'mp_crash', challengerRounds: 3, opponentRounds: 1 }],
  roundsToWin: 3,
  warmup: false,
};

/*
 * mp_strike by hand, Alpha (allies) against Zulu (axis), three rounds:
 *   R1 Zulu plants; Alpha kills Zulu with a helmet hit (a headshot) and defuses; allies win.
 *   R2 Zulu kills Alpha with a head shot; axis wins.   R3 Zulu kills Alpha; axis wins.
 * Alpha: 1 kill, 2 deaths, 100 damage, 1 headshot, 1 defuse, 3 rounds, 1 survived, one 1-kill round: map 1-2.
 * FPS: 2.5 × (1/3/0.7 + 0.7 × 1/3/0.3 + 1/3/1.3) / 2.7 = 1.40.
 */
const STRIKE = [
  '  0:00 InitGame: \\g_gametype\\sd\\mapname\\mp_strike',
  '  0:01 J;g1;0;Alpha',
  '  0:01 J;g6;1;Zulu',
  '  0:02 JT;g1;0;allies;Alpha;',
  '  0:02 JT;g6;1;axis;Zulu;',
  '  0:10 P_P;g6;1;Zulu',
  '  0:12 D;g6;1;axis;Zulu;g1;0;allies;Alpha;m16_mp;100;MOD_RIFLE_BULLET;helmet',
  '  0:12 K;g6;1;axis;Zulu;g1;0;allies;Alpha;m16_mp;100;MOD_RIFLE_BULLET;helmet',
  '  0:20 P_D;g1;0;Alpha',
  '  0:21 RW;1;allies;bomb_defused',
  '  0:30 D;g1;0;allies;Alpha;g6;1;axis;Zulu;ak47_mp;100;MOD_HEAD_SHOT;head',
  '  0:30 K;g1;0;allies;Alpha;g6;1;axis;Zulu;ak47_mp;100;MOD_HEAD_SHOT;head',
  '  0:31 RW;2;axis;enemies_eliminated',
  '  0:40 D;g1;0;allies;Alpha;g6;1;axis;Zulu;ak47_mp;100;MOD_RIFLE_BULLET;torso_upper',
  '  0:40 K;g1;0;allies;Alpha;g6;1;axis;Zulu;ak47_mp;100;MOD_RIFLE_BULLET;torso_upper',
  '  0:41 RW;3;axis;enemies_eliminated',
  '  0:50 ShutdownGame:',
];

/** A signed-out reader (a bot or an overlay). */
const anonymous = () => new TestClient(t.app);

async function postLog(fixture: MatchFixture, lines: string[]) {
  expect((await postLogBatch(t.app, fixture, 'b1', lines)).statusCode).toBe(200);
}

async function nameRoster(fixture: MatchFixture) {
  for (const [username, name] of [
    ['player1', 'Alpha'],
    ['player6', 'Zulu'],
  ] as const) {
    await t.app.db
      .update(matchPlayers)
      .set({ inGameName: name })
      .where(eq(matchPlayers.userId, fixture.userIds.get(username) ?? 0));
  }
}

describe('player statistics over time', () => {
  let ladderMatch: MatchFixture;
  let soloMatch: MatchFixture;
  let redDragonsId = 0;

  beforeAll(async () => {
    const db = t.app.db;
    // A ladder match the challenger (player1's Red Dragons) wins 1-0 on mp_crash.
    ladderMatch = await createMatchFixture(t.app, { mapNames: ['mp_crash'] });
    await nameRoster(ladderMatch);
    await postLog(ladderMatch, generateMatchLog(GENERATED).lines);
    await db
      .update(matches)
      .set({
        statusId: STATUS.finished,
        winnerSide: 1,
        challengerScore: 1,
        opponentScore: 0,
        finishedAt: new Date('2026-01-10T12:00:00Z'),
      })
      .where(eq(matches.id, ladderMatch.matchId));

    // A solo-queue match two days later that player1's side loses 0-1 on mp_strike.
    soloMatch = await createMatchFixture(t.app, { mapNames: ['mp_strike'] });
    await nameRoster(soloMatch);
    await postLog(soloMatch, STRIKE);
    const [queue] = await db.select({ id: soloQueues.id }).from(soloQueues).limit(1);
    await db.update(matchPlayers).set({ teamId: null }).where(eq(matchPlayers.matchId, soloMatch.matchId));
    await db
      .update(matches)
      .set({
        type: 'solo-queue',
        ladderId: null,
        soloQueueId: queue?.id ?? 0,
        challengerTeamId: null,
        opponentTeamId: null,
        statusId: STATUS.finished,
        winnerSide: 2,
        challengerScore: 0,
        opponentScore: 1,
        finishedAt: new Date('2026-01-12T12:00:00Z'),
      })
      .where(eq(matches.id, soloMatch.matchId));

    const [red] = await db.select().from(teams).where(eq(teams.slug, 'red-dragons'));
    redDragonsId = red?.id ?? 0;
    const player1 = ladderMatch.userIds.get('player1') ?? 0;
    const [ladder] = await db
      .select({ id: matches.ladderId })
      .from(matches)
      .where(eq(matches.id, ladderMatch.matchId));
    await db.insert(ratingHistory).values([
      // player1's own rating, moved by the solo-queue match.
      {
        userId: player1,
        matchId: soloMatch.matchId,
        oldRating: 1000,
        newRating: 988,
        delta: -12,
        createdAt: new Date('2026-01-12T12:00:00Z'),
      },
      // The team rating in the ladder match player1 played: shown.
      {
        teamId: redDragonsId,
        matchId: ladderMatch.matchId,
        oldRating: 1150,
        newRating: 1175,
        delta: 25,
        createdAt: new Date('2026-01-10T12:00:00Z'),
      },
      // The ladder standing of the same match, and a team change without player1: not the team rating he
      // played under.
      {
        teamId: redDragonsId,
        ladderId: ladder?.id ?? 0,
        matchId: ladderMatch.matchId,
        oldRating: 1000,
        newRating: 1020,
        delta: 20,
        createdAt: new Date('2026-01-10T12:00:00Z'),
      },
      {
        teamId: redDragonsId,
        matchId: null,
        reason: 'admin',
        oldRating: 1175,
        newRating: 1200,
        delta: 25,
        createdAt: new Date('2026-01-11T12:00:00Z'),
      },
    ]);
  });

  it('answers anyone, signed out too; an unknown player is a 404', async () => {
    const missing = await anonymous().get('/api/v1/users/nobody-here/stats');
    expect(expectAnswer(missing, messageAnswer, 404)).toEqual({ message: 'User not found.' });
    expectAnswer(await anonymous().get('/api/v1/users/PLAYER1/stats'), playerStatsAnswer);
  });

  it("counts player1's career from the two logs", async () => {
    const client = await signIn(t.app, 'player15');
    const { data } = expectAnswer(await client.get('/api/v1/users/player1/stats'), playerStatsAnswer);
    // Kills 3 + 1, deaths 1 + 2, damage 300 + 100, rounds 4 + 3, survived 3 + 1, 1-kill rounds 3 + 1.
    // FPS: 2.5 × (4/7/0.7 + 0.7 × 4/7/0.3 + 4/7/1.3) / 2.7 = 2.40.
    expect(data.career).toEqual({
      matches: 2,
      wins: 1,
      losses: 1,
      draws: 0,
      winRate: 50,
      rounds: 7,
      kills: 4,
      deaths: 3,
      kd: 1.33,
      killsPerRound: 0.57,
      damagePerRound: 57.1,
      headshotRate: 25,
      fpsRating: 2.4,
      plants: 0,
      defuses: 1,
    });
    // Two matches are fewer than 20: the recent form is the career.
    expect(data.recent).toEqual(data.career);
  });

  it('lists the form strip, the maps and the competitions', async () => {
    const { data } = expectAnswer(await anonymous().get('/api/v1/users/player1/stats'), playerStatsAnswer);
    expect(data.form).toEqual([
      {
        matchId: soloMatch.matchId,
        url: `/match/${String(soloMatch.matchId)}`,
        type: 'solo-queue',
        date: '2026-01-12T12:00:00.000Z',
        result: 'loss',
        opponentName: 'Team player6',
      },
      {
        matchId: ladderMatch.matchId,
        url: `/match/${String(ladderMatch.matchId)}`,
        type: 'ladder',
        date: '2026-01-10T12:00:00.000Z',
        result: 'win',
        opponentName: 'Northern Wolves',
      },
    ]);
    expect(data.maps).toEqual([
      { mapName: 'Crash', nameCmd: 'mp_crash', played: 1, wins: 1, winRate: 100, kd: 3, fpsRating: 3.15 },
      { mapName: 'Strike', nameCmd: 'mp_strike', played: 1, wins: 0, winRate: 0, kd: 0.5, fpsRating: 1.4 },
    ]);
    expect(data.competitions.map((c) => [c.type, c.played, c.wins, c.winRate, c.kd, c.fpsRating])).toEqual([
      ['ladder', 1, 1, 100, 3, 3.15],
      ['solo-queue', 1, 0, 0, 0.5, 1.4],
    ]);
    expect(data.competitions.every((c) => c.name.length > 0)).toBe(true);
  });

  it("draws the player's own rating and the team rating he played under", async () => {
    const { data } = expectAnswer(await anonymous().get('/api/v1/users/player1/stats'), playerStatsAnswer);
    expect(data.ratings.map((s) => [s.kind, s.label, s.teamSlug, s.points])).toEqual([
      [
        'player',
        'player1 (player rating)',
        null,
        [{ x: '2026-01-12T12:00:00.000Z', y: 988, matchId: soloMatch.matchId }],
      ],
      [
        'team',
        'Red Dragons (team rating)',
        'red-dragons',
        [{ x: '2026-01-10T12:00:00.000Z', y: 1175, matchId: ladderMatch.matchId }],
      ],
    ]);
  });

  it("counts the opponent's side too (head shot by means of death, plant)", async () => {
    const { data } = expectAnswer(await anonymous().get('/api/v1/users/player6/stats'), playerStatsAnswer);
    // Zulu: kills 1 + 2, deaths 3 + 1, damage 100 + 10 + 200, one head shot of 3 kills, one plant.
    expect(data.career).toMatchObject({
      matches: 2,
      wins: 1,
      losses: 1,
      kills: 3,
      deaths: 4,
      kd: 0.75,
      headshotRate: 33.3,
      plants: 1,
      defuses: 0,
    });
    expect(data.career.damagePerRound).toBe(44.3);
  });
});
