import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApp, signIn } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { TestClient } from '../../test/app.ts';
import { SCENARIO_NAMES } from './scenarios.ts';
import type { MatchStatisticsView } from '@versus/common/stats/statistics';
import { count, eq } from 'drizzle-orm';
import { anticheatHeartbeats } from '../../db/schema/index.ts';

const EXPECTED_STATUS = {
  'ladder-challenge': 1,
  'ladder-veto': 2,
  'ladder-veto-bo3': 2,
  'tournament-ready': 9,
  'in-progress': 4,
  'score-entered': 8,
  finished: 5,
  disputed: 6,
} as const;

describe('POST /api/v1/dev/scenarios/{name}', () => {
  let t: EngineTestApp;
  beforeAll(async () => {
    t = await createEngineTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is for admins only', async () => {
    expect((await new TestClient(t.app).post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(401);
    const player = await signIn(t.app, 'player1');
    expect((await player.post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(403);
    const admin = await signIn(t.app, 'admin');
    expect((await admin.post('/api/v1/dev/scenarios/nope')).status).toBe(404);
  });

  it.each(SCENARIO_NAMES)('stages %s', async (name) => {
    const admin = await signIn(t.app, 'admin');
    const res = await admin.post(`/api/v1/dev/scenarios/${name}`);
    expect(res.status).toBe(201);
    const data = (
      res.body as {
        data: { matchId: number; statusId: number; challenger: { captain: string; players: string[] } };
      }
    ).data;
    expect(data.statusId).toBe(EXPECTED_STATUS[name]);
    expect(data.challenger.captain).toBe('player1');
    expect(data.challenger.players).toHaveLength(5);
  });

  it('stages a finished match with statistics, screenshots and anticheat history', async () => {
    const admin = await signIn(t.app, 'admin');
    const res = await admin.post('/api/v1/dev/scenarios/finished');
    const { matchId } = (res.body as { data: { matchId: number } }).data;
    const stats = await admin.get(`/api/v1/match-detail/statistics/${String(matchId)}`);
    expect(stats.status).toBe(200);
    const view = (stats.body as { data: MatchStatisticsView }).data;
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
    const list = (shots.body as { data: { url: string; username: string }[] }).data;
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

  it('does not exist in production', async () => {
    const prod = await createEngineTestApp({
      database: t.database,
      env: { NODE_ENV: 'production', PUSHER_APP_ID: 'a', PUSHER_KEY: 'b', PUSHER_SECRET: 'c' },
    });
    try {
      const admin = await signIn(prod.app, 'admin');
      expect((await admin.post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(404);
    } finally {
      await prod.closeApp();
    }
  });
});
