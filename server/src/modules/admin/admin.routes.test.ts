import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, ladderId, signIn, teamIdOf } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { patch } from '../tournaments/platform-test-support.ts';
import { ADMIN_TEXTS } from './admin.service.ts';

interface Overview {
  data: {
    openDisputes: unknown[];
    scoresAwaitingApproval: unknown[];
    cancellableMatches: { id: number; statusId: number; challengerTeamName: string }[];
  };
}

describe('admin area', () => {
  let t: EngineTestApp;
  let admin: TestClient;
  let p1: TestClient;
  let matchId: number;

  beforeAll(async () => {
    t = await createEngineTestApp();
    [admin, p1] = [await signIn(t.app, 'admin'), await signIn(t.app, 'player1')];
    const res = await p1.post(`/api/v1/ladders/${String(await ladderId(t.app))}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'northern-wolves'),
    });
    matchId = (res.body as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses signed-out users (401) and players (403) on every route', async () => {
    const anon = new TestClient(t.app);
    const calls: [TestClient, 'GET' | 'POST', string][] = [
      [anon, 'GET', '/api/v1/admin/overview'],
      [p1, 'GET', '/api/v1/admin/overview'],
      [p1, 'POST', `/api/v1/admin/matches/${String(matchId)}/cancel`],
      [p1, 'GET', '/api/v1/admin/maps'],
      [p1, 'POST', '/api/v1/admin/maps'],
      [p1, 'GET', '/api/v1/admin/locations'],
      [p1, 'POST', '/api/v1/admin/locations'],
    ];
    for (const [client, method, url] of calls) {
      const res = await client.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${url}`).toBe(client === anon ? 401 : 403);
    }
    expect((await patch(p1, '/api/v1/admin/maps/1', { name: 'x' })).status).toBe(403);
  });

  it('lists what needs attention and cancels a match through the engine', async () => {
    const overview = (await admin.get('/api/v1/admin/overview')).body as Overview;
    expect(overview.data.openDisputes).toEqual([]);
    expect(overview.data.scoresAwaitingApproval).toEqual([]);
    expect(overview.data.cancellableMatches).toEqual([
      expect.objectContaining({ id: matchId, statusId: 1, challengerTeamName: 'Red Dragons' }),
    ]);
    const res = await admin.post(`/api/v1/admin/matches/${String(matchId)}/cancel`);
    expect(res).toMatchObject({
      status: 200,
      body: { message: ADMIN_TEXTS.cancelled, data: { statusId: 7 } },
    });
    expect(t.published.some((p) => p.channel === `match-detail-on-cancelled.${String(matchId)}`)).toBe(true);
    expect((await admin.post(`/api/v1/admin/matches/${String(matchId)}/cancel`)).status).toBe(422);
    expect((await admin.post('/api/v1/admin/matches/999999/cancel')).status).toBe(404);
    const after = (await admin.get('/api/v1/admin/overview')).body as Overview;
    expect(after.data.cancellableMatches).toEqual([]);
  });

  it('creates and edits maps', async () => {
    const before = (await admin.get('/api/v1/admin/maps')).body as { data: { id: number }[] };
    const created = await admin.post('/api/v1/admin/maps', { name: 'Killhouse', nameCmd: 'mp_killhouse' });
    expect(created).toMatchObject({ status: 201, body: { data: { name: 'Killhouse', isActive: true } } });
    const id = (created.body as { data: { id: number } }).data.id;
    const dup = await admin.post('/api/v1/admin/maps', { name: 'Again', nameCmd: 'mp_killhouse' });
    expect(dup).toMatchObject({ status: 422, body: { errors: { nameCmd: [ADMIN_TEXTS.mapTaken] } } });
    expect((await admin.post('/api/v1/admin/maps', { name: '', nameCmd: 'Bad Name' })).status).toBe(422);
    const edited = await patch(admin, `/api/v1/admin/maps/${String(id)}`, {
      isActive: false,
      image: '/images/maps/kh.jpg',
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { data: { isActive: false, image: '/images/maps/kh.jpg' } },
    });
    expect((await patch(admin, '/api/v1/admin/maps/999999', { name: 'x' })).status).toBe(404);
    const list = (await admin.get('/api/v1/admin/maps')).body as { data: unknown[] };
    expect(list.data).toHaveLength(before.data.length + 1);
  });

  it('creates and edits locations', async () => {
    const created = await admin.post('/api/v1/admin/locations', {
      hostname: 'https://paris.example.com',
      city: 'Paris',
      country: 'France',
      flag: 'FR',
    });
    expect(created).toMatchObject({ status: 201, body: { data: { city: 'Paris', flag: 'fr' } } });
    const id = (created.body as { data: { id: number } }).data.id;
    const bad = await admin.post('/api/v1/admin/locations', {
      hostname: 'ftp://x',
      city: 'X',
      country: 'Y',
      flag: 'qq',
    });
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['flag', 'hostname']);
    const dup = await admin.post('/api/v1/admin/locations', {
      hostname: 'https://p2.example.com',
      city: 'Paris',
      country: 'France',
      flag: 'fr',
    });
    expect(dup.status).toBe(422);
    const edited = await patch(admin, `/api/v1/admin/locations/${String(id)}`, { isActive: false });
    expect(edited).toMatchObject({ status: 200, body: { data: { isActive: false, city: 'Paris' } } });
    const list = (await admin.get('/api/v1/admin/locations')).body as { data: { city: string }[] };
    expect(list.data.some((l) => l.city === 'Paris')).toBe(true);
  });
});
