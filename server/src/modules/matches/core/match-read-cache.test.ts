import { matchDetailAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { eq, sql } from 'drizzle-orm';
import { STATUS } from '@versus/common/match/statuses';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../../db/schema/index.ts';
import { stageScenario } from '../../dev/index.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../../../test/index.ts';
import { MatchReadCache } from './match-read-cache.ts';
import { matchModule } from './match-module.ts';
import { withRules } from './match-rules.ts';
import { loadMatch } from './match.repository.ts';
import { readMatchEntry } from './match.service.ts';
import type { MatchRecord } from './match-state.mapper.ts';

const record = (version: number, statusId = 2) =>
  ({
    row: { id: 1, version },
    state: { statusId },
    parts: { loadedAt: Number.POSITIVE_INFINITY },
  }) as unknown as MatchRecord;

describe('MatchReadCache', () => {
  it('serves an entry for ttl, then only after a version check, and reloads after the max age', () => {
    let time = 0;
    const cache = new MatchReadCache(1000, 10, () => time, 10_000);
    cache.store(1, cache.ticket(), record(5));
    expect(cache.fresh(1)?.version).toBe(5);
    time = 1000;
    expect(cache.fresh(1)).toBeNull();
    expect(cache.revalidate(1, 5)?.record).toEqual(record(5));
    expect(cache.fresh(1)).not.toBeNull(); // confirmed again
    time = 2500;
    expect(cache.revalidate(1, 6)).toBeNull(); // another instance changed it
    expect(cache.has(1)).toBe(false);
    cache.store(1, cache.ticket(), record(6));
    time = 12_500;
    expect(cache.fresh(1)).toBeNull(); // too old, whatever its version
    expect(cache.has(1)).toBe(false);
  });

  it('gives a read the rows only before the max age, and a command whatever their age (its write checks the version)', () => {
    let time = 0;
    const cache = new MatchReadCache(1000, 10, () => time, 10_000);
    const known = {
      ...record(5),
      parts: { loadedAt: 0, row: { id: 1, version: 5 } },
    } as unknown as MatchRecord;
    cache.store(1, cache.ticket(), known);
    time = 9_999;
    expect(cache.parts(1)).toBe(known.parts);
    time = 10_000;
    expect(cache.parts(1)).toBeNull();
    expect(cache.known(1)).toBe(known.parts);
    expect(cache.known(2)).toBeNull();
  });

  it('presents each answer once per entry', () => {
    const cache = new MatchReadCache(1000);
    const entry = cache.store(1, cache.ticket(), record(5));
    let built = 0;
    const build = () => ({ view: (built += 1), body: String(built) });
    expect(entry.present('veto', build).body).toBe('1');
    expect(entry.present('veto', build).body).toBe('1');
    expect(entry.present('detail:true', build).body).toBe('2');
  });

  it('never stores a record loaded before an invalidation', () => {
    const cache = new MatchReadCache(1000);
    const ticket = cache.ticket();
    cache.invalidate(1); // a commit lands while the read is loading
    cache.store(1, ticket, record(5));
    expect(cache.has(1)).toBe(false);
    cache.store(1, cache.ticket(), record(6, 4));
    expect(cache.fresh(1)?.record.state.statusId).toBe(STATUS.inProgress);
    cache.clear();
    expect(cache.has(1)).toBe(false);
  });

  it('loads a match once for concurrent readers, but not across an invalidation', async () => {
    const cache = new MatchReadCache(1000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return record(loads);
    };
    const version = async () => 1;
    const [x, y] = await Promise.all([cache.get(1, version, load), cache.get(1, version, load)]);
    expect(loads).toBe(1);
    expect(x).toBe(y);
    cache.invalidate(1);
    const first = cache.get(1, version, load);
    cache.invalidate(1); // a commit while loading: the next reader loads again
    const second = cache.get(1, version, load);
    await Promise.all([first, second]);
    expect(loads).toBe(3);
    expect(cache.fresh(1)?.version).toBe(3);
  });

  it('answers a match read without pause from memory, checking its version in the background', async () => {
    let time = 0;
    const cache = new MatchReadCache(1000, 10, () => time, 10_000);
    let versionReads = 0;
    let current = 5;
    let answer: (() => void) | null = null;
    const version = () =>
      new Promise<number>((resolve) => {
        versionReads += 1;
        answer = () => resolve(current);
      });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return record(current);
    };
    await cache.get(1, version, load);
    expect(loads).toBe(1);
    time = 400;
    await cache.get(1, version, load);
    expect(versionReads).toBe(0); // first half of the ttl: memory only
    time = 600;
    // Second half: answered at once, one version read for many readers, none of them waiting for it.
    const readers = await Promise.all([1, 2, 3].map(() => cache.get(1, version, load)));
    expect(readers.map((e) => e.version)).toEqual([5, 5, 5]);
    expect(versionReads).toBe(1);
    (answer as (() => void) | null)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.fresh(1)?.checkedAt).toBe(600);
    // Another instance changes it; the background check finds out and reloads, the readers never wait.
    current = 6;
    time = 1200;
    expect((await cache.get(1, version, load)).version).toBe(5);
    (answer as (() => void) | null)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(2);
    expect(cache.fresh(1)?.version).toBe(6);
    // Past the ttl with nobody reading: the reader waits for the check, never gets the old version.
    time = 5000;
    current = 7;
    const late = cache.get(1, version, load);
    (answer as (() => void) | null)?.();
    expect((await late).version).toBe(7);
  });

  it('is bounded, and off with a ttl of 0', () => {
    const cache = new MatchReadCache(1000, 2);
    for (const id of [1, 2, 3]) cache.store(id, cache.ticket(), record(1));
    expect([cache.has(1), cache.has(2), cache.has(3)]).toEqual([false, true, true]);
    const off = new MatchReadCache(0);
    off.store(1, off.ticket(), record(1));
    expect(off.has(1)).toBe(false);
  });
});

describe('GET /api/v1/match/{id} with the read cache', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await buildTestApp({ env: { MATCH_READ_CACHE_TTL_MS: '200' } });
    // A second instance on the same database, with its own cache.
    b = await buildTestApp({
      database: a.database,
      clock: a.clock,
      env: { MATCH_READ_CACHE_TTL_MS: '200' },
    });
  });
  afterAll(async () => {
    await b.closeApp();
    await a.close();
  });

  const removedOn = async (t: TestApp, id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/match/${String(id)}` });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return expectAnswer({ status: res.statusCode, body: res.json() }, vetoMatchAnswer).data.maps.filter(
      (m) => m.removedByTeamId !== null,
    ).length;
  };

  it('shows a turn at once on the instance that ran it, and on another within the ttl', async () => {
    const { matchId } = await stageScenario(a.app.ctx, 'ladder-veto');
    expect(await removedOn(a, matchId)).toBe(0);
    expect(await removedOn(b, matchId)).toBe(0); // both instances now hold the answer
    const captain = await signIn(b.app, 'player6');
    const [first] = expectAnswer(await captain.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer).data
      .maps;
    const click = await captain.post(`/api/v1/match/${String(matchId)}/map/${String(first?.id)}`);
    expect(click.status).toBe(200);
    // The instance that committed dropped its entry before broadcasting.
    expect(await removedOn(b, matchId)).toBe(1);
    // The other one sees it once its entry is older than the ttl and the version check fails.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await removedOn(a, matchId)).toBe(1);
  });

  it('a turn decided on an older known version is decided again under the lock', async () => {
    const { matchId } = await stageScenario(a.app.ctx, 'ladder-veto');
    expect(await removedOn(a, matchId)).toBe(0); // instance a knows the match before any turn
    const [onA6, onA1, onB6] = [
      await signIn(a.app, 'player6'),
      await signIn(a.app, 'player1'),
      await signIn(b.app, 'player6'),
    ];
    const [first, second] = expectAnswer(await onB6.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer)
      .data.maps;
    const turn = (client: TestClient, mapId: number | undefined) =>
      client.post(`/api/v1/match/${String(matchId)}/map/${String(mapId)}`);
    expect((await turn(onB6, first?.id)).status).toBe(200); // committed by instance b
    // On a, whose entry still says it is player6's turn with every map open: both answers come from the
    // locked row, not from that entry.
    expect(await turn(onA6, second?.id)).toMatchObject({
      status: 422,
      body: { errors: { validator: [MATCH_TEXTS.vetoNotYourTurn] } },
    });
    expect(await turn(onA1, first?.id)).toMatchObject({ status: 422 });
    expect((await turn(onA1, second?.id)).status).toBe(200);
    expect(await removedOn(a, matchId)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250)); // b's entry is served for its ttl
    expect(await removedOn(b, matchId)).toBe(2);
  });

  it('answers 404 for an unknown match and rechecks a match whose version moved', async () => {
    expect((await a.app.inject({ method: 'GET', url: '/api/v1/match/99999999' })).statusCode).toBe(404);
    const { matchId } = await stageScenario(a.app.ctx, 'ladder-veto');
    expect(await removedOn(a, matchId)).toBe(0);
    await a.app.db
      .update(matches)
      .set({ version: sql`${matches.version} + 1` })
      .where(eq(matches.id, matchId));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await removedOn(a, matchId)).toBe(0);
  });
});

describe('the match room reads from the read cache answer as without it', () => {
  let cached: TestApp;
  let uncached: TestApp;

  beforeAll(async () => {
    cached = await buildTestApp({ env: { MATCH_READ_CACHE_TTL_MS: '60000' } });
    uncached = await buildTestApp({
      database: cached.database,
      clock: cached.clock,
      env: { MATCH_READ_CACHE_TTL_MS: '0' },
    });
  });
  afterAll(async () => {
    await uncached.closeApp();
    await cached.close();
  });

  const reads = (id: number) => [
    `/api/v1/match/${String(id)}`,
    `/api/v1/match-detail/${String(id)}`,
    `/api/v1/match-detail/status/${String(id)}/actions`,
  ];

  it('gives every viewer the same answer, and a change at once on the instance that made it', async () => {
    const { matchId } = await stageScenario(cached.app.ctx, 'ladder-veto');
    const viewers = async (t: TestApp) => [
      t.client(),
      await signIn(t.app, 'player6'), // a captain: may type in chat
      await signIn(t.app, 'player20'), // a spectator
      await signIn(t.app, 'admin'),
    ];
    const compare = async () => {
      const [mine, theirs] = [await viewers(cached), await viewers(uncached)];
      for (const url of reads(matchId)) {
        for (let i = 0; i < mine.length; i += 1) {
          // Twice from the cached instance: the second answer comes from the cache.
          const first = await mine[i]!.get(url);
          const second = await mine[i]!.get(url);
          const reference = await theirs[i]!.get(url);
          expect(first.status).toBe(200);
          expect(second.body).toEqual(first.body);
          expect(first.body).toEqual(reference.body);
        }
      }
      return mine;
    };
    const [, captain] = await compare();
    const detail = async (client: TestClient) =>
      expectAnswer(await client.get(`/api/v1/match-detail/${String(matchId)}`), matchDetailAnswer);
    expect((await detail(captain!)).data.canType).toBe(true);
    expect((await detail(cached.client())).data.canType).toBe(false);

    const veto = expectAnswer(await captain!.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer);
    const click = await captain!.post(
      `/api/v1/match/${String(matchId)}/map/${String(veto.data.maps[0]?.id)}`,
    );
    expect(click.status).toBe(200);
    await compare();
  });
  it('keeps, after every command, the match exactly as a fresh load reads it', async () => {
    const { matchId } = await stageScenario(cached.app.ctx, 'ladder-veto-bo3');
    const captains = { a: await signIn(cached.app, 'player6'), b: await signIn(cached.app, 'player1') };
    const fresh = async () => {
      const loaded = await loadMatch(cached.app.db, matchId, { lock: false });
      return withRules(loaded!, matchModule(cached.app.ctx).rules);
    };
    const same = async () => {
      const entry = await readMatchEntry(cached.app.ctx, matchId);
      const reference = await fresh();
      expect({ ...entry.record, parts: { ...entry.record.parts, loadedAt: 0 } }).toEqual({
        ...reference,
        parts: { ...reference.parts, loadedAt: 0 },
      });
    };
    await same();
    for (;;) {
      const version = (await readMatchEntry(cached.app.ctx, matchId)).version;
      const veto = expectAnswer(await captains.a.get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer);
      if (veto.data.statusId !== STATUS.mapVeto) break;
      const who = veto.data.vetoDetail?.userId === 6 ? captains.a : captains.b;
      const open = veto.data.maps.find((m) => m.removedByTeamId === null && m.pickedByTeamId === null);
      const click = await who.post(`/api/v1/match/${String(matchId)}/map/${String(open?.id)}`);
      expect(click.status).toBe(200);
      // The runner stored what it committed: no load happened for this read.
      expect(matchModule(cached.app.ctx).readCache.fresh(matchId)?.version).toBe(version + 1);
      await same();
    }
    expect((await fresh()).state.statusId).toBe(STATUS.inProgress);
  });
});
