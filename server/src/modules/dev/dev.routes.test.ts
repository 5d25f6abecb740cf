import { screenshotPageAnswer } from '@versus/common/api/screenshots';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { scenarioAnswer } from '@versus/common/api/dev';
import { matchServerAnswer } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anticheatHeartbeats } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, type TestApp } from '../../test/index.ts';
import { SCENARIO_NAMES } from './scenarios.ts';

const EXPECTED_STATUS = {
  'ladder-challenge': STATUS.challenge,
  'ladder-veto': STATUS.mapVeto,
  'ladder-veto-bo3': STATUS.mapVeto,
  'tournament-ready': STATUS.readyUp,
  'in-progress': STATUS.inProgress,
  'server-log-live': STATUS.inProgress,
  'server-log-result': STATUS.inProgress,
  'score-entered': STATUS.scoreEntered,
  'tournament-score-entered': STATUS.scoreEntered,
  finished: STATUS.finished,
  disputed: STATUS.disputed,
} as const;

describe('POST /api/v1/dev/scenarios/{name}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is for admins only', async () => {
    expect((await t.client().post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(401);
    const player = await t.signIn('player1');
    expect((await player.post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(403);
    const admin = await t.signIn('admin');
    expect((await admin.post('/api/v1/dev/scenarios/nope')).status).toBe(404);
  });

  it.each(SCENARIO_NAMES)('stages %s', async (name) => {
    const admin = await t.signIn('admin');
    const res = await admin.post(`/api/v1/dev/scenarios/${name}`);
    const { data } = expectAnswer(res, scenarioAnswer, 201);
    expect(data.statusId).toBe(EXPECTED_STATUS[name]);
    expect(data.challenger.captain).toBe('player1');
    expect(data.challenger.players).toHaveLength(5);
  });

  it('stages a finished match with statistics, screenshots and anticheat history', async () => {
    const admin = await t.signIn('admin');
    const res = await admin.post('/api/v1/dev/scenarios/finished');
    const { matchId } = expectAnswer(res, scenarioAnswer, 201).data;
    const stats = await admin.get(`/api/v1/match-detail/statistics/${String(matchId)}`);
    expect(stats.status).toBe(200);
    // The statistics and screenshot answers get their schemas with their modules (game-server work).
    const view = expectAnswer(stats, matchStatisticsAnswer).data;
    expect(view.mapsPlayed).toHaveLength(1);
    expect(view.mapsPlayed[0]).toMatchObject({ firstScore: 13, secondScore: 7 });
    for (const team of [view.teams.firstTeam, view.teams.secondTeam]) {
      expect(team.players).toHaveLength(5);
      for (const player of team.players) {
        expect(player.userId).not.toBeNull();
        expect(player.stats.total_kills).toEqual(expect.any(Number));
        expect(player.stats.fps_rating).toEqual(expect.any(Number));
      }
    }
    const shots = await admin.get(`/api/v1/screenshots/${String(matchId)}`);
    expect(shots.status).toBe(200);
    const list = expectAnswer(shots, screenshotPageAnswer).data;
    expect(list).toHaveLength(2);
    const image = await admin.get(list[0]?.url ?? '');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const beats = await t.app.db
      .select({ n: count() })
      .from(anticheatHeartbeats)
      .where(eq(anticheatHeartbeats.matchId, matchId));
    expect(beats[0]?.n).toBe(40); // 10 players, 4 beats each
  });

  // The embedded default (what `npm start` runs) hands servers out from its pool when the veto ends: the
  // scenario takes one while the match is in progress, so the staged log has a server to come from.
  it('stages in-progress and finished on the embedded default, on servers of its pool', async () => {
    // The wall clock: the pool's monitor ages the emulated servers' answers by it.
    const embedded = await buildTestApp({
      clock: 'real',
      env: { GAME_SERVER_PROVIDER: 'embedded', EMBEDDED_SERVERS_PER_LOCATION: '2' },
    });
    try {
      const admin = await embedded.signIn('admin');
      const stage = async (name: 'in-progress' | 'finished') => {
        const { data } = expectAnswer(await admin.post(`/api/v1/dev/scenarios/${name}`), scenarioAnswer, 201);
        expect(data.statusId).toBe(EXPECTED_STATUS[name]);
        return String(data.matchId);
      };
      const live = await stage('in-progress');
      const box = expectAnswer(await admin.get(`/api/v1/match/${live}/server`), matchServerAnswer).data;
      expect(box.connectionString).toMatch(/^connect 127\.0\.0\.1:\d+; password \S+$/);
      const done = await stage('finished');
      const stats = expectAnswer(
        await admin.get(`/api/v1/match-detail/statistics/${done}`),
        matchStatisticsAnswer,
      ).data;
      expect(stats.mapsPlayed).toHaveLength(1);
    } finally {
      await embedded.close();
    }
  }, 120_000);

  it('does not exist in production', async () => {
    const prod = await buildTestApp({
      database: t.database,
      env: { NODE_ENV: 'production', PUSHER_APP_ID: 'a', PUSHER_KEY: 'b', PUSHER_SECRET: 'c' },
    });
    try {
      const admin = await prod.signIn('admin');
      expect((await admin.post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(404);
    } finally {
      await prod.closeApp();
    }
  });
});
