import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, signIn, teamIdOf } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { LADDER_TEXTS } from './ladder.service.ts';

interface LadderPage {
  data: {
    id: number;
    slug: string;
    standings: {
      rank: number;
      team: { id: number; slug: string };
      rating: number;
      canChallenge: boolean;
      isOwnTeam: boolean;
    }[];
    viewer: { challengerTeams: { id: number }[]; joinableTeams: { id: number; slug: string }[] };
  };
}

describe('ladders: list, standings, join', () => {
  let t: EngineTestApp;
  let p1: TestClient;
  let p2: TestClient;
  let admin: TestClient;
  const SLUG = 'cod4-5v5-ladder';

  beforeAll(async () => {
    t = await createEngineTestApp();
    [p1, p2, admin] = [
      await signIn(t.app, 'player1'),
      await signIn(t.app, 'player2'),
      await signIn(t.app, 'admin'),
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists ladders with their team counts', async () => {
    const res = await new TestClient(t.app).get('/api/v1/ladders');
    expect(res.status).toBe(200);
    expect((res.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ slug: SLUG, teamsCount: 4, teamSize: 5, isActive: true }),
    ]);
  });

  it('orders standings by rating and tells a captain whom they may challenge', async () => {
    const anon = (await new TestClient(t.app).get(`/api/v1/ladders/${SLUG}`)).body as LadderPage;
    const ratings = anon.data.standings.map((s) => s.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(anon.data.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    expect(anon.data.standings.every((s) => !s.canChallenge)).toBe(true);

    const red = await teamIdOf(t.app, 'red-dragons');
    const wolves = await teamIdOf(t.app, 'northern-wolves');
    await p1.post(`/api/v1/ladders/${String(anon.data.id)}/challenges`, { opponentTeamId: wolves });
    const mine = (await p1.get(`/api/v1/ladders/${SLUG}`)).body as LadderPage;
    const row = (id: number) => mine.data.standings.find((s) => s.team.id === id);
    expect(row(red)).toMatchObject({ isOwnTeam: true, canChallenge: false });
    expect(row(wolves)?.canChallenge).toBe(false); // a challenge is already open
    expect(mine.data.standings.filter((s) => s.canChallenge)).toHaveLength(2);
    expect(mine.data.viewer.challengerTeams.map((x) => x.id)).toEqual([red]);
    // Player2 is not a captain.
    const member = (await p2.get(`/api/v1/ladders/${String(anon.data.id)}`)).body as LadderPage;
    expect(member.data.standings.some((s) => s.canChallenge)).toBe(false);
    expect((await p1.get('/api/v1/ladders/unknown')).status).toBe(404);
  });

  it('lets a captain put a team on the ladder once', async () => {
    expect((await new TestClient(t.app).post(`/api/v1/ladders/${SLUG}/join`, {})).status).toBe(401);
    const notCaptain = await p2.post(`/api/v1/ladders/${SLUG}/join`, {});
    expect(notCaptain).toMatchObject({ status: 403, body: { message: LADDER_TEXTS.notCaptain } });
    const created = await admin.post('/api/v1/teams', { name: 'Ladder Newcomers', tag: 'NEW' });
    const teamId = (created.body as { data: { id: number } }).data.id;
    const page = (await admin.get(`/api/v1/ladders/${SLUG}`)).body as LadderPage;
    expect(page.data.viewer.joinableTeams.map((x) => x.id)).toEqual([teamId]);
    const joined = await admin.post(`/api/v1/ladders/${SLUG}/join`, { teamId });
    expect(joined.status).toBe(201);
    const again = await admin.post(`/api/v1/ladders/${SLUG}/join`, { teamId });
    expect(again).toMatchObject({ status: 422, body: { errors: { teamId: [LADDER_TEXTS.alreadyJoined] } } });
    const after = (await admin.get(`/api/v1/ladders/${SLUG}`)).body as LadderPage;
    expect(after.data.standings).toHaveLength(5);
    expect(after.data.standings.find((s) => s.team.id === teamId)?.rating).toBe(1000);
    expect((await p1.post(`/api/v1/ladders/${SLUG}/join`, { teamId })).status).toBe(403);
  });
});
