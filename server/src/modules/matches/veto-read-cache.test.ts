import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../db/schema/index.ts';
import { stageScenario } from '../dev/scenarios.ts';
import { createEngineTestApp, signIn } from './test-support.ts';
import type { EngineTestApp } from './test-support.ts';
import { VetoReadCache } from './veto-read-cache.ts';
import type { VetoMatchView } from './veto.presenter.ts';

const view = (statusId: number) => ({ id: 1, statusId }) as unknown as VetoMatchView;

describe('VetoReadCache', () => {
  it('serves an entry for ttl, then only after a version check', () => {
    let time = 0;
    const cache = new VetoReadCache(1000, 10, () => time);
    cache.store(1, cache.ticket(), 5, view(2));
    expect(cache.fresh(1)?.body).toBe(JSON.stringify({ data: view(2) }));
    time = 1000;
    expect(cache.fresh(1)).toBeNull();
    expect(cache.revalidate(1, 5)?.view).toEqual(view(2));
    expect(cache.fresh(1)).not.toBeNull(); // confirmed again
    time = 2500;
    expect(cache.revalidate(1, 6)).toBeNull(); // another instance changed it
    expect(cache.has(1)).toBe(false);
  });

  it('never stores an answer loaded before an invalidation', () => {
    const cache = new VetoReadCache(1000);
    const ticket = cache.ticket();
    cache.invalidate(1); // a commit lands while the read is loading
    cache.store(1, ticket, 5, view(2));
    expect(cache.has(1)).toBe(false);
    cache.store(1, cache.ticket(), 6, view(4));
    expect(cache.fresh(1)?.view).toEqual(view(4));
  });

  it('is bounded, and off with a ttl of 0', () => {
    const cache = new VetoReadCache(1000, 2);
    for (const id of [1, 2, 3]) cache.store(id, cache.ticket(), 1, view(2));
    expect([cache.has(1), cache.has(2), cache.has(3)]).toEqual([false, true, true]);
    const off = new VetoReadCache(0);
    off.store(1, off.ticket(), 1, view(2));
    expect(off.has(1)).toBe(false);
  });
});

describe('GET /api/v1/match/{id} with the read cache', () => {
  let a: EngineTestApp;
  let b: EngineTestApp;

  beforeAll(async () => {
    a = await createEngineTestApp({ env: { MATCH_READ_CACHE_TTL_MS: '200' } });
    // A second instance on the same database, with its own cache.
    b = await createEngineTestApp({
      database: a.database,
      clock: a.clock,
      env: { MATCH_READ_CACHE_TTL_MS: '200' },
    });
  });
  afterAll(async () => {
    await b.closeApp();
    await a.close();
  });

  const removedOn = async (t: EngineTestApp, id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/match/${String(id)}` });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json<{ data: VetoMatchView }>().data.maps.filter((m) => m.removedByTeamId !== null).length;
  };

  it('shows a turn at once on the instance that ran it, and on another within the ttl', async () => {
    const { matchId } = await stageScenario(a.app.matchEngine, 'ladder-veto');
    expect(await removedOn(a, matchId)).toBe(0);
    expect(await removedOn(b, matchId)).toBe(0); // both instances now hold the answer
    const captain = await signIn(b.app, 'player6');
    const [first] = ((await captain.get(`/api/v1/match/${String(matchId)}`)).body as { data: VetoMatchView })
      .data.maps;
    const click = await captain.post(`/api/v1/match/${String(matchId)}/map/${String(first?.id)}`);
    expect(click.status).toBe(200);
    // The instance that committed dropped its entry before broadcasting.
    expect(await removedOn(b, matchId)).toBe(1);
    // The other one sees it once its entry is older than the ttl and the version check fails.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await removedOn(a, matchId)).toBe(1);
  });

  it('answers 404 for an unknown match and rechecks a match whose version moved', async () => {
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/match/99999999' })).statusCode).toBe(404);
    const { matchId } = await stageScenario(a.app.matchEngine, 'ladder-veto');
    expect(await removedOn(a, matchId)).toBe(0);
    await a.app.db
      .update(matches)
      .set({ version: sql`${matches.version} + 1` })
      .where(eq(matches.id, matchId));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await removedOn(a, matchId)).toBe(0);
  });
});
