import {
  adminCancelAnswer,
  adminLocationAnswer,
  adminLocationsAnswer,
  adminMapAnswer,
  adminMapsAnswer,
  adminOverviewAnswer,
} from '@versus/common/api/admin';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../../test/index.ts';
import { ADMIN_TEXTS } from './admin.service.ts';

describe('admin area', () => {
  let t: TestApp;
  let admin: TestClient;
  let p1: TestClient;
  let matchId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    [admin, p1] = [await t.signIn('admin'), await t.signIn('player1')];
    matchId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses signed-out users (401) and players (403) on every route', async () => {
    const anon = t.client();
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
    expect((await p1.patch('/api/v1/admin/maps/1', { name: 'x' })).status).toBe(403);
  });

  it('lists what needs attention and cancels a match through the engine', async () => {
    const overview = expectAnswer(await admin.get('/api/v1/admin/overview'), adminOverviewAnswer);
    expect(overview.data.openDisputes).toEqual([]);
    expect(overview.data.scoresAwaitingApproval).toEqual([]);
    expect(overview.data.cancellableMatches).toEqual([
      expect.objectContaining({ id: matchId, statusId: STATUS.challenge, challengerTeamName: 'Red Dragons' }),
    ]);
    const res = await admin.post(`/api/v1/admin/matches/${String(matchId)}/cancel`);
    expect(expectAnswer(res, adminCancelAnswer)).toMatchObject({
      message: ADMIN_TEXTS.cancelled,
      data: { statusId: STATUS.cancelled },
    });
    expect(t.published.some((p) => p.channel === `match-detail-on-cancelled.${String(matchId)}`)).toBe(true);
    expect((await admin.post(`/api/v1/admin/matches/${String(matchId)}/cancel`)).status).toBe(422);
    expect((await admin.post('/api/v1/admin/matches/999999/cancel')).status).toBe(404);
    const after = expectAnswer(await admin.get('/api/v1/admin/overview'), adminOverviewAnswer);
    expect(after.data.cancellableMatches).toEqual([]);
  });

  it('creates and edits maps', async () => {
    const before = expectAnswer(await admin.get('/api/v1/admin/maps'), adminMapsAnswer);
    const created = await admin.post('/api/v1/admin/maps', { name: 'Killhouse', nameCmd: 'mp_killhouse' });
    const { id } = expectAnswer(created, adminMapAnswer, 201).data;
    expect(created).toMatchObject({ status: 201, body: { data: { name: 'Killhouse', isActive: true } } });
    const dup = await admin.post('/api/v1/admin/maps', { name: 'Again', nameCmd: 'mp_killhouse' });
    expect(dup).toMatchObject({ status: 422, body: { errors: { nameCmd: [ADMIN_TEXTS.mapTaken] } } });
    expect((await admin.post('/api/v1/admin/maps', { name: '', nameCmd: 'Bad Name' })).status).toBe(422);
    const edited = await admin.patch(`/api/v1/admin/maps/${String(id)}`, {
      isActive: false,
      image: '/images/maps/kh.jpg',
    });
    expect(expectAnswer(edited, adminMapAnswer).data).toMatchObject({
      isActive: false,
      image: '/images/maps/kh.jpg',
    });
    expect((await admin.patch('/api/v1/admin/maps/999999', { name: 'x' })).status).toBe(404);
    const list = expectAnswer(await admin.get('/api/v1/admin/maps'), adminMapsAnswer);
    expect(list.data).toHaveLength(before.data.length + 1);
  });

  it('creates and edits locations', async () => {
    const created = await admin.post('/api/v1/admin/locations', {
      hostname: 'https://paris.example.com',
      city: 'Paris',
      country: 'France',
      flag: 'FR',
    });
    const { id } = expectAnswer(created, adminLocationAnswer, 201).data;
    expect(created).toMatchObject({ status: 201, body: { data: { city: 'Paris', flag: 'fr' } } });
    const bad = await admin.post('/api/v1/admin/locations', {
      hostname: 'ftp://x',
      city: 'X',
      country: 'Y',
      flag: 'qq',
    });
    expect(Object.keys(expectAnswer(bad, validationErrorAnswer, 422).errors).sort()).toEqual([
      'flag',
      'hostname',
    ]);
    const dup = await admin.post('/api/v1/admin/locations', {
      hostname: 'https://p2.example.com',
      city: 'Paris',
      country: 'France',
      flag: 'fr',
    });
    expect(dup.status).toBe(422);
    const edited = await admin.patch(`/api/v1/admin/locations/${String(id)}`, { isActive: false });
    expect(expectAnswer(edited, adminLocationAnswer).data).toMatchObject({ isActive: false, city: 'Paris' });
    const list = expectAnswer(await admin.get('/api/v1/admin/locations'), adminLocationsAnswer);
    expect(list.data.some((l) => l.city === 'Paris')).toBe(true);
  });
});
