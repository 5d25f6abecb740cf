import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';

describe('RATING_START', () => {
  let t: EngineTestApp;

  beforeAll(async () => {
    t = await createEngineTestApp({ env: { RATING_START: '1234' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the rating of new users, new teams and teams joining a ladder', async () => {
    const client = new TestClient(t.app, '10.9.9.9');
    const registered = await client.post('/api/v1/auth/register', {
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'long enough password',
    });
    expect(registered.status).toBe(201);
    const profile = await client.get('/api/v1/users/newcomer');
    expect((profile.body as { data: { rating: number } }).data.rating).toBe(1234);

    const created = await client.post('/api/v1/teams', { name: 'Fresh Starters', tag: 'FRESH' });
    expect(created.status).toBe(201);
    const { slug, id } = (created.body as { data: { slug: string; id: number } }).data;
    const team = await client.get(`/api/v1/teams/${slug}`);
    expect((team.body as { data: { rating: number } }).data.rating).toBe(1234);

    expect((await client.post('/api/v1/ladders/cod4-5v5-ladder/join', { teamId: id })).status).toBe(201);
    const ladder = await client.get('/api/v1/ladders/cod4-5v5-ladder');
    const standings = (ladder.body as { data: { standings: { team: { id: number }; rating: number }[] } })
      .data.standings;
    expect(standings.find((s) => s.team.id === id)?.rating).toBe(1234);
  });
});
