import { ladderPageAnswer } from '@versus/common/api/ladders';
import { createTeamAnswer, teamPageAnswer } from '@versus/common/api/teams';
import { userProfileAnswer } from '@versus/common/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp, TestClient } from '../../test/index.ts';

describe('RATING_START', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATING_START: '1234' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the (provisional) rating of new users, new teams and teams joining a ladder', async () => {
    const client = new TestClient(t.app, '10.9.9.9');
    const registered = await client.post('/api/v1/auth/register', {
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'long enough password',
    });
    expect(registered.status).toBe(201);
    const profile = await client.get('/api/v1/users/newcomer');
    expect(expectAnswer(profile, userProfileAnswer).data).toMatchObject({
      rating: 1234,
      ratingProvisional: true,
    });

    const created = await client.post('/api/v1/teams', { name: 'Fresh Starters', tag: 'FRESH' });
    const { slug, id } = expectAnswer(created, createTeamAnswer, 201).data;
    const team = await client.get(`/api/v1/teams/${slug}`);
    expect(expectAnswer(team, teamPageAnswer).data).toMatchObject({ rating: 1234, ratingProvisional: true });

    expect((await client.post('/api/v1/ladders/cod4-5v5-ladder/join', { teamId: id })).status).toBe(201);
    const ladder = await client.get('/api/v1/ladders/cod4-5v5-ladder');
    const { standings } = expectAnswer(ladder, ladderPageAnswer).data;
    expect(standings.find((s) => s.team.id === id)?.rating).toBe(1234);
  });
});
