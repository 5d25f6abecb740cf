// A team's figures over HTTP, counted by hand from the hand-written logs of test-logs.ts (the rounds are told
// in round-timeline.routes.test.ts) and from entered scores.
import { STATUS } from '@versus/common/match/statuses';
import { teamStatsAnswer } from '@versus/common/api/team-stats';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer, buildTestApp, makeTeams, TestClient, type TestApp } from '../../test/index.ts';
import {
  ladders,
  matches,
  matchMaps,
  matchPlayers,
  ratingHistory,
  teamMembers,
} from '../../db/schema/index.ts';
import { createMatchFixture, nameLogPlayers, postLogBatch, type MatchFixture } from './testing.ts';
import { CRASH_LOG, STRIKE_LOG } from './test-logs.ts';

let t: TestApp;
let a: { id: number; name: string };
let b: { id: number; name: string };
let slugA: string;
let slugB: string;
let first: MatchFixture;
let second: MatchFixture;

/** Moves a fixture match to the teams `challenger` and `opponent` (players 1-5 and 6-10) and finishes it. */
async function finishBetween(
  fixture: MatchFixture,
  challenger: number,
  opponent: number,
  result: { challengerScore: number; opponentScore: number; winnerSide: number; finishedAt: Date },
) {
  const db = t.app.db;
  await db
    .update(matches)
    .set({ challengerTeamId: challenger, opponentTeamId: opponent, statusId: STATUS.finished, ...result })
    .where(eq(matches.id, fixture.matchId));
  const ids = (names: readonly string[]) => names.map((n) => fixture.userIds.get(n) ?? 0);
  for (const [teamId, names] of [
    [challenger, ['player1', 'player2', 'player3', 'player4', 'player5']],
    [opponent, ['player6', 'player7', 'player8', 'player9', 'player10']],
  ] as const) {
    await db
      .update(matchPlayers)
      .set({ teamId })
      .where(and(eq(matchPlayers.matchId, fixture.matchId), inArray(matchPlayers.userId, ids(names))));
  }
}

beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
  const db = t.app.db;
  const made = await makeTeams(t.app, 2);
  if (!made[0] || !made[1]) throw new Error('no teams');
  [a, b] = [made[0], made[1]];
  slugA = `team-${a.name.slice(5)}`;
  slugB = `team-${b.name.slice(5)}`;

  // Match 1: A (challenger) 1 : 1 B, a draw; its log (CRASH 2:1, STRIKE 0:2) has the figures.
  first = await createMatchFixture(t.app);
  const uid = (name: string) => first.userIds.get(name) ?? 0;
  await nameLogPlayers(t.app, first);
  for (const [batchId, lines] of [
    ['b1', CRASH_LOG],
    ['b2', STRIKE_LOG],
  ] as const) {
    expect((await postLogBatch(t.app, first, batchId, lines)).statusCode).toBe(200);
  }
  await finishBetween(first, a.id, b.id, {
    challengerScore: 1,
    opponentScore: 1,
    winnerSide: 0,
    finishedAt: new Date('2026-01-01T20:00:00Z'),
  });

  // Match 2: B (challenger) 0 : 1 A on Crash 5:13, entered by hand; no log.
  second = await createMatchFixture(t.app, { mapNames: ['mp_crash'] });
  await db
    .update(matchMaps)
    .set({ firstScore: 5, secondScore: 13 })
    .where(eq(matchMaps.matchId, second.matchId));
  await finishBetween(second, b.id, a.id, {
    challengerScore: 0,
    opponentScore: 1,
    winnerSide: 2,
    finishedAt: new Date('2026-01-02T20:00:00Z'),
  });

  // The team ratings' changes, written as the ratings module writes them (its own tests rate the results):
  // A's two matches, then an admin's change (inserted first, dated last); a ladder standing and B's rating
  // are other series.
  const [ladder] = await db.select({ id: ladders.id }).from(ladders).limit(1);
  const change = (
    teamId: number,
    matchId: number | null,
    oldRating: number,
    newRating: number,
    at: string,
  ) => ({
    teamId,
    matchId,
    reason: matchId === null ? 'admin' : 'match',
    oldRating,
    newRating,
    delta: newRating - oldRating,
    createdAt: new Date(at),
  });
  await db
    .insert(ratingHistory)
    .values([
      change(a.id, null, 1047, 1040, '2026-01-03T09:00:00Z'),
      change(a.id, first.matchId, 1000, 1012, '2026-01-01T20:00:01Z'),
      { ...change(a.id, first.matchId, 1000, 1020, '2026-01-01T20:00:01Z'), ladderId: ladder?.id ?? 0 },
      change(b.id, first.matchId, 1000, 988, '2026-01-01T20:00:01Z'),
      change(a.id, second.matchId, 1012, 1047, '2026-01-02T20:00:01Z'),
    ]);

  // player1 and player2 join A's roster (beside its captain).
  await db.insert(teamMembers).values([
    { teamId: a.id, userId: uid('player1') },
    { teamId: a.id, userId: uid('player2') },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/teams/{slug}/stats', () => {
  it('counts results, roster figures for this team and map win rates', async () => {
    const anonymous = new TestClient(t.app);
    const { data } = expectAnswer(await anonymous.get(`/api/v1/teams/${slugA}/stats`), teamStatsAnswer);
    expect(data).toMatchObject({ team: { slug: slugA }, matches: 2, wins: 1, losses: 0, draws: 1 });
    expect(data.headToHead).toBeNull();
    expect(data.opponents).toEqual([{ slug: slugB, name: b.name }]);
    // player1 (Alpha): 2 kills, 2 deaths over 5 rounds, 3 survived, one 2-kill round:
    //   2.5 × (0.4/0.7 + 0.7 × 0.6/0.3 + 4/5/1.3) / 2.7 = 2.395 -> 2.4.
    // player2 (Bravo): no kill, 3 deaths, 2 of 5 rounds survived: 2.5 × (0.7 × 0.4/0.3) / 2.7 = 0.864 -> 0.86.
    expect(
      data.roster.map((r) => [r.username, r.matches, r.kills, r.deaths, r.kdRatio, r.fpsRating]),
    ).toEqual([
      ['player1', 1, 2, 2, 1, 2.4],
      ['player2', 1, 0, 3, 0, 0.86],
      [`cap_${a.name.slice(5)}`, 0, 0, 0, null, null],
    ]);
    // Crash: 2:1 as challenger, 13:5 as opponent (both won); Strike 0:2 (lost).
    expect(data.maps.map((m) => [m.name, m.played, m.won, m.lost, m.winRate])).toEqual([
      ['Crash', 2, 2, 0, 100],
      ['Strike', 1, 0, 1, 0],
    ]);
  });

  it('answers the head-to-head against an opponent, newest match first', async () => {
    const anonymous = new TestClient(t.app);
    const { data } = expectAnswer(
      await anonymous.get(`/api/v1/teams/${slugA}/stats?vs=${slugB}`),
      teamStatsAnswer,
    );
    expect(data.headToHead).toEqual({
      opponent: { slug: slugB, name: b.name },
      matches: 2,
      wins: 1,
      losses: 0,
      draws: 1,
      mapsWon: 2,
      mapsLost: 1,
      recent: [
        {
          matchId: second.matchId,
          finishedAt: '2026-01-02T20:00:00.000Z',
          teamScore: 1,
          opponentScore: 0,
          result: 'win',
        },
        {
          matchId: first.matchId,
          finishedAt: '2026-01-01T20:00:00.000Z',
          teamScore: 1,
          opponentScore: 1,
          result: 'draw',
        },
      ],
    });
    // The other way round: B lost one and drew one.
    const other = expectAnswer(
      await anonymous.get(`/api/v1/teams/${slugB}/stats?vs=${slugA}`),
      teamStatsAnswer,
    ).data;
    expect(other.headToHead).toMatchObject({ wins: 0, losses: 1, draws: 1, mapsWon: 1, mapsLost: 2 });
  });

  it('draws the team rating after each change, oldest first, without ladder standings or other teams', async () => {
    const anonymous = new TestClient(t.app);
    const own = expectAnswer(await anonymous.get(`/api/v1/teams/${slugA}/stats`), teamStatsAnswer).data;
    expect(own.ratingOverTime).toEqual([
      { x: '2026-01-01T20:00:01.000Z', y: 1012, matchId: first.matchId },
      { x: '2026-01-02T20:00:01.000Z', y: 1047, matchId: second.matchId },
      { x: '2026-01-03T09:00:00.000Z', y: 1040, matchId: null },
    ]);
    // The head-to-head leaves the chart as it is; B has its one change.
    const withVs = expectAnswer(
      await anonymous.get(`/api/v1/teams/${slugA}/stats?vs=${slugB}`),
      teamStatsAnswer,
    ).data;
    expect(withVs.ratingOverTime).toEqual(own.ratingOverTime);
    const other = expectAnswer(await anonymous.get(`/api/v1/teams/${slugB}/stats`), teamStatsAnswer).data;
    expect(other.ratingOverTime).toEqual([{ x: '2026-01-01T20:00:01.000Z', y: 988, matchId: first.matchId }]);
  });

  it('refuses an unknown team, an unknown opponent and the team itself', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const missing = await get('/api/v1/teams/no-such-team/stats');
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Team not found.' }]);
    const noVs = await get(`/api/v1/teams/${slugA}/stats?vs=no-such-team`);
    expect([noVs.statusCode, noVs.json()]).toEqual([404, { message: 'Opponent team not found.' }]);
    const self = await get(`/api/v1/teams/${slugA}/stats?vs=${slugA}`);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ errors: { vs: ['The opponent must be another team.'] } });
  });
});
