import {
  challengeAnswer,
  joinLadderAnswer,
  ladderPageAnswer,
  laddersAnswer,
} from '@versus/common/api/ladders';
import { createTeamAnswer } from '@versus/common/api/teams';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderTeams, teams } from '../../db/schema/index.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { findUserByUsername } from '../users/index.ts';
import { buildTestApp, expectAnswer, teamIdOf, type TestApp, type TestClient } from '../../test/index.ts';
import { getLadderPage, LADDER_TEXTS } from './ladder.service.ts';

describe('ladders: list, standings, join', () => {
  let t: TestApp;
  let p1: TestClient;
  let p2: TestClient;
  let admin: TestClient;
  const SLUG = 'cod4-5v5-ladder';

  beforeAll(async () => {
    t = await buildTestApp();
    [p1, p2, admin] = [await t.signIn('player1'), await t.signIn('player2'), await t.signIn('admin')];
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists ladders with their team counts', async () => {
    const res = expectAnswer(await t.client().get('/api/v1/ladders'), laddersAnswer);
    expect(res.data).toEqual([
      expect.objectContaining({ slug: SLUG, teamsCount: 4, teamSize: 5, isActive: true }),
    ]);
  });

  it('orders standings by rating and tells a captain whom they may challenge', async () => {
    const anon = expectAnswer(await t.client().get(`/api/v1/ladders/${SLUG}`), ladderPageAnswer);
    const ratings = anon.data.standings.map((s) => s.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(anon.data.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    expect(anon.data.standings.every((s) => !s.canChallenge)).toBe(true);

    const red = await teamIdOf(t.app, 'red-dragons');
    const wolves = await teamIdOf(t.app, 'northern-wolves');
    const challenge = await p1.post(`/api/v1/ladders/${String(anon.data.id)}/challenges`, {
      opponentTeamId: wolves,
    });
    expectAnswer(challenge, challengeAnswer, 201);
    const mine = expectAnswer(await p1.get(`/api/v1/ladders/${SLUG}`), ladderPageAnswer);
    const row = (id: number) => mine.data.standings.find((s) => s.team.id === id);
    expect(row(red)).toMatchObject({ isOwnTeam: true, canChallenge: false });
    expect(row(wolves)?.canChallenge).toBe(false); // a challenge is already open
    expect(mine.data.standings.filter((s) => s.canChallenge)).toHaveLength(2);
    expect(mine.data.viewer.challengerTeams.map((x) => x.id)).toEqual([red]);
    // Player2 is not a captain.
    const member = expectAnswer(await p2.get(`/api/v1/ladders/${String(anon.data.id)}`), ladderPageAnswer);
    expect(member.data.standings.some((s) => s.canChallenge)).toBe(false);
    expect((await p1.get('/api/v1/ladders/unknown')).status).toBe(404);
  });

  it('lets a captain put a team on the ladder once', async () => {
    expect((await t.client().post(`/api/v1/ladders/${SLUG}/join`, {})).status).toBe(401);
    const notCaptain = await p2.post(`/api/v1/ladders/${SLUG}/join`, {});
    expect(notCaptain).toMatchObject({ status: 403, body: { message: LADDER_TEXTS.notCaptain } });
    const created = await admin.post('/api/v1/teams', { name: 'Ladder Newcomers', tag: 'NEW' });
    const teamId = expectAnswer(created, createTeamAnswer, 201).data.id;
    const page = expectAnswer(await admin.get(`/api/v1/ladders/${SLUG}`), ladderPageAnswer);
    expect(page.data.viewer.joinableTeams.map((x) => x.id)).toEqual([teamId]);
    const joined = await admin.post(`/api/v1/ladders/${SLUG}/join`, { teamId });
    expect(expectAnswer(joined, joinLadderAnswer, 201).data).toEqual({ ladderId: page.data.id, teamId });
    const again = await admin.post(`/api/v1/ladders/${SLUG}/join`, { teamId });
    expect(again).toMatchObject({ status: 422, body: { errors: { teamId: [LADDER_TEXTS.alreadyJoined] } } });
    const after = expectAnswer(await admin.get(`/api/v1/ladders/${SLUG}`), ladderPageAnswer);
    expect(after.data.standings).toHaveLength(5);
    expect(after.data.standings.find((s) => s.team.id === teamId)?.rating).toBe(1000);
    expect((await p1.post(`/api/v1/ladders/${SLUG}/join`, { teamId })).status).toBe(403);
  });

  it('sends the standings byte for byte as the schema encodes them, fresh after every change', async () => {
    const viewerRow = async (username: string) => {
      const row = await findUserByUsername(t.app.db, username);
      if (!row) throw new Error(`no user ${username}`);
      return row;
    };
    // What the route's schema makes of the page built without the standings cache, for the same viewer.
    const expected = async (viewer: string | null) =>
      serializeAnswer(
        ladderPageAnswer,
        await getLadderPage(t.app.db, SLUG, viewer === null ? null : await viewerRow(viewer)),
      );
    const check = async () => {
      for (const [client, viewer] of [
        [t.client(), null],
        [p1, 'player1'],
        [p2, 'player2'],
      ] as const) {
        const res = await client.get(`/api/v1/ladders/${SLUG}`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expectAnswer(res, ladderPageAnswer);
        expect(JSON.stringify(res.body)).toBe(await expected(viewer));
      }
    };
    await check();
    await check(); // the second read comes from the cache

    // A result moves a rating; a team is renamed: the next read shows both.
    const red = await teamIdOf(t.app, 'red-dragons');
    await t.app.db.update(ladderTeams).set({ rating: 4321, wins: 77 }).where(eq(ladderTeams.teamId, red));
    await t.app.db.update(teams).set({ name: 'Red Dragons Renamed' }).where(eq(teams.id, red));
    const after = expectAnswer(await p1.get(`/api/v1/ladders/${SLUG}`), ladderPageAnswer);
    expect(after.data.standings[0]).toMatchObject({
      rank: 1,
      rating: 4321,
      wins: 77,
      team: { id: red, name: 'Red Dragons Renamed' },
      isOwnTeam: true,
    });
    await check();
  });
});
