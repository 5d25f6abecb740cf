import { STATUS } from '@versus/common/match/statuses';
import { locationCountdownEvent, matchLocationsAnswer } from '@versus/common/api/locations';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTicks, matches } from '../../../db/schema/index.ts';
import { stagePickScenario } from '../../solo-queue/index.ts';
import { LOCATION_TEXTS } from './location.service.ts';
import { buildTestApp, expectAnswer, signIn, T0, type TestApp, TestClient } from '../../../test/index.ts';

describe('location select API', () => {
  let t: TestApp;
  const clients = new Map<string, TestClient>();

  beforeAll(async () => {
    // The test drives the countdown ticker by hand (`tickOnce`).
    t = await buildTestApp({ env: { LOCATION_COUNTDOWN_INTERVAL_MS: '0' } });
    for (const name of [
      'admin',
      'player1',
      'player2',
      'player3',
      'player4',
      'player9',
      'player10',
      'player15',
    ])
      clients.set(name, await signIn(t.app, name));
  });
  afterAll(async () => {
    await t.close();
  });

  const client = (name: string): TestClient => {
    const c = clients.get(name);
    if (!c) throw new Error(name);
    return c;
  };
  const list = async (id: number, who = 'player1') =>
    expectAnswer(await client(who).get(`/api/v1/match-detail/location/${String(id)}`), matchLocationsAnswer);
  const vote = (who: string, id: number, locationId: number) =>
    client(who).post(`/api/v1/match-detail/location/${String(id)}/${String(locationId)}/select`);
  const countdowns = (id: number) =>
    t.published
      .filter((p) => p.channel === `match-auto-location-picker-update.${String(id)}`)
      .map((p) => locationCountdownEvent.parse(p.payload).remainingSeconds);

  it('names each location as its admin did, else by the host of its ping URL', async () => {
    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    const [first, second] = (await list(id)).data;
    if (!first || !second) throw new Error('no locations');
    expect(first.name).toBe('Demo Frankfurt');
    const admin = client('admin');
    expect(
      (await admin.patch(`/api/v1/admin/locations/${String(first.id)}`, { name: 'Frankfurt #1' })).status,
    ).toBe(200);
    expect((await admin.patch(`/api/v1/admin/locations/${String(second.id)}`, { name: null })).status).toBe(
      200,
    );
    const named = await list(id);
    expect(named.data.slice(0, 2).map((l) => [l.name, l.hostname])).toEqual([
      ['Frankfurt #1', 'http://localhost:3000'],
      ['localhost', 'http://localhost:3000'],
    ]);
    const tooLong = await admin.patch(`/api/v1/admin/locations/${String(first.id)}`, {
      name: 'x'.repeat(65),
    });
    expect(tooLong).toMatchObject({
      status: 422,
      body: { errors: { name: ['The name field must not be greater than 64 characters.'] } },
    });
    await admin.patch(`/api/v1/admin/locations/${String(first.id)}`, { name: 'Demo Frankfurt' });
  });

  it('lists the locations, takes one changeable vote per player, refuses others', async () => {
    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    const start = await list(id);
    expect(start.data).toHaveLength(5);
    expect(start.data[0]).toEqual({
      id: expect.any(Number) as number,
      hostname: 'http://localhost:3000',
      // The card shows the location's name, not its ping URL.
      name: 'Demo Frankfurt',
      city: expect.any(String) as string,
      country: expect.any(String) as string,
      flag: expect.any(String) as string,
      votes: 0,
    });
    expect(start.meta).toEqual({
      remainingSeconds: 60,
      votedLocationId: null,
      chosenLocationId: null,
      canVote: true,
    });
    expect((await list(id, 'player15')).meta.canVote).toBe(false);
    const [a, b] = start.data.map((l) => l.id);
    if (a === undefined || b === undefined) throw new Error('no locations');

    expect(await vote('player1', id, a)).toMatchObject({
      status: 200,
      body: { message: LOCATION_TEXTS.selected },
    });
    expect(t.published.at(-1)).toEqual({
      channel: `match-auto-location-vote-update.${String(id)}`,
      event: 'OnMatchAutoLocationVoteUpdate',
      payload: { matchId: id, id: a, votes: 1 },
    });
    expect(await vote('player1', id, b)).toMatchObject({ status: 200 });
    const updates = t.published.slice(-2).map((p) => p.payload);
    expect(updates).toEqual(
      expect.arrayContaining([
        { matchId: id, id: a, votes: 0 },
        { matchId: id, id: b, votes: 1 },
      ]),
    );
    const after = await list(id);
    expect(after.data.find((l) => l.id === b)?.votes).toBe(1);
    expect(after.data.find((l) => l.id === a)?.votes).toBe(0);
    expect(after.meta.votedLocationId).toBe(b);

    expect(await vote('player15', id, a)).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.locationNotPlayer },
    });
    expect(
      (await new TestClient(t.app).post(`/api/v1/match-detail/location/${String(id)}/${String(a)}/select`))
        .status,
    ).toBe(401);
    expect(await vote('player1', id, 999999)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.locationUnknown },
    });
    expect((await new TestClient(t.app).get('/api/v1/match-detail/location/999999')).status).toBe(404);
  });

  it('counts down once per second, breaks a tie by the lowest id, then starts the veto', async () => {
    t.clock.time = T0 + 3_600_000;
    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    const { data } = await list(id);
    const [low, high] = data.map((l) => l.id);
    if (low === undefined || high === undefined) throw new Error('no locations');
    // Two votes each: a tie, which the location listed first (lowest id) wins.
    await vote('player1', id, high);
    await vote('player2', id, high);
    await vote('player3', id, low);
    await vote('player4', id, low);

    const countdown = t.app.locationCountdown;
    expect(await countdown.tickOnce()).toBeGreaterThanOrEqual(1);
    expect(await countdown.tickOnce()).toBe(0); // the same second is published once
    t.clock.advance(1500);
    await countdown.tickOnce();
    expect(countdowns(id)).toEqual([60, 59]);

    const deadline = T0 + 3_600_000 + 60_000;
    t.clock.time = deadline;
    expect(await vote('player1', id, low)).toMatchObject({
      status: 409,
      body: { message: MATCH_TEXTS.locationVoteOver },
    });
    await countdown.tickOnce();
    expect(countdowns(id).at(-1)).toBe(0); // deciding

    await t.app.matchSweeper.sweepOnce();
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    expect(row).toMatchObject({ statusId: STATUS.mapVeto, locationId: low });
    expect(t.published).toContainEqual({
      channel: `match-auto-location-finish-update.${String(id)}`,
      event: 'OnMatchAutoLocationFinishUpdate',
      payload: { matchId: id, locationId: low },
    });
    expect((await list(id)).meta).toMatchObject({
      remainingSeconds: -1,
      chosenLocationId: low,
      canVote: false,
    });
    t.clock.advance(1000);
    await countdown.tickOnce();
    expect(countdowns(id).at(-1)).toBe(0); // nothing more for a closed vote
  });

  it('answers /ping with CORS for the allowed origins and no caching', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/ping',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(ok.headers['cache-control']).toBe('no-store');
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/ping',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(204);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/ping',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });
});

describe('location countdown with no open vote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOCATION_COUNTDOWN_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const claimedTick = async () =>
    (await t.app.db.select().from(jobTicks).where(eq(jobTicks.name, 'location-countdown')))[0]?.tick ?? null;

  it('writes nothing while no vote is open, and claims each second once a vote opens', async () => {
    const open = await t.app.db.select().from(matches).where(eq(matches.statusId, STATUS.locationSelect));
    expect(open).toEqual([]);
    const countdown = t.app.locationCountdown;
    for (let i = 0; i < 3; i++) {
      expect(await countdown.tickOnce()).toBe(0);
      t.clock.advance(1000);
    }
    expect(await claimedTick()).toBeNull(); // no job_ticks write at all

    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    expect(await countdown.tickOnce()).toBe(1);
    expect(await claimedTick()).toBe(Math.floor(t.clock.time / 1000));
    t.clock.advance(1000);
    expect(await countdown.tickOnce()).toBe(1);
    expect(await claimedTick()).toBe(Math.floor(t.clock.time / 1000));
    const events = t.published.filter((p) => p.channel === `match-auto-location-picker-update.${String(id)}`);
    expect(events).toHaveLength(2);
  });
});
