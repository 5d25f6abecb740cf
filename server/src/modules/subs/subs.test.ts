import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anticheatHeartbeats,
  notifications,
  soloQueueEntries,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, signIn, teamIdOf } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import type { MatchPlayerView } from '../match-players/match-players.presenter.ts';
import { stage } from '../scores/score-test-support.ts';
import { stagePugScenario } from '../solo-queue/pug-scenarios.ts';
import { loadMatch } from '../matches/match.repository.ts';

describe('substitutes and the player list over the API', () => {
  let t: EngineTestApp;
  let p1: TestClient; // red-dragons captain
  let p2: TestClient;
  let p6: TestClient; // northern-wolves captain
  let p11: TestClient;
  let anon: TestClient;
  const reserves: number[] = [];
  let red = 0;

  beforeAll(async () => {
    t = await createEngineTestApp();
    p1 = await signIn(t.app, 'player1');
    p2 = await signIn(t.app, 'player2');
    p6 = await signIn(t.app, 'player6');
    p11 = await signIn(t.app, 'player11');
    anon = new TestClient(t.app);
    red = await teamIdOf(t.app, 'red-dragons');
    for (const name of ['reserve1', 'reserve2', 'reserve3']) {
      const [u] = await t.app.db
        .insert(users)
        .values({ username: name, email: `${name}@example.test`, passwordHash: 'x', flag: 'de' })
        .returning();
      if (!u) throw new Error('no user');
      reserves.push(u.id);
    }
  });

  /** A match of the scenario, then the reserves join red-dragons (a match takes the roster it starts with). */
  async function stageWithReserves(name: 'in-progress' | 'finished'): Promise<number> {
    await t.app.db.delete(teamMembers).where(inArray(teamMembers.userId, reserves));
    const id = await stage(t.app, name);
    await t.app.db.insert(teamMembers).values(reserves.map((userId) => ({ teamId: red, userId })));
    return id;
  }
  afterAll(async () => {
    await t.close();
  });

  const base = (id: number) => `/api/v1/match-detail/sub/${String(id)}`;
  const access = async (client: TestClient, id: number) =>
    ((await client.get(`${base(id)}/access`)).body as { data: { showButton: boolean } }).data.showButton;
  const players = async (id: number) =>
    (
      (await anon.get(`/api/v1/match-detail/players/${String(id)}`)).body as {
        data: { challenger: MatchPlayerView[]; opponent: MatchPlayerView[] };
      }
    ).data;

  it('captains see the button and their team’s reserves; others are refused', async () => {
    const id = await stageWithReserves('in-progress');
    expect(await access(p1, id)).toBe(true);
    expect(await access(p6, id)).toBe(true);
    for (const client of [p2, p11, anon]) expect(await access(client, id)).toBe(false);

    const list = await p1.get(base(id));
    expect(list.status).toBe(200);
    expect((list.body as { data: unknown[] }).data).toEqual(
      ['reserve1', 'reserve2', 'reserve3'].map((username, i) => ({
        id: reserves[i],
        username,
        formattedUsername: expect.stringContaining(username) as string,
        image: null,
        flag: 'de',
      })),
    );
    expect((await p6.get(base(id))).body).toEqual({ data: [] });
    expect((await p2.get(base(id))).status).toBe(403);
    expect((await anon.get(base(id))).status).toBe(401);
  });

  it('adds up to the limit per side, broadcasts and notifies the sub', async () => {
    const id = await stageWithReserves('in-progress');
    const add = (client: TestClient, userId: number) => client.post(`${base(id)}/${String(userId)}`);
    const [r1 = 0, r2 = 0, r3 = 0] = reserves;
    expect((await add(anon, r1)).status).toBe(401);
    expect((await add(p2, r1)).status).toBe(403);
    expect((await add(p11, r1)).status).toBe(403);
    expect((await add(p6, r1)).body).toMatchObject({ message: 'This player is not available to be added.' });
    expect(await add(p1, r1)).toMatchObject({
      status: 200,
      body: { message: 'Player was added as a substitute successfully' },
    });
    expect((await add(p1, r1)).status).toBe(422);
    expect((await add(p1, r2)).status).toBe(200);
    expect(await add(p1, r3)).toMatchObject({
      status: 422,
      body: { message: 'Your team has already added the maximum of 2 substitutes.' },
    });
    expect(t.published).toContainEqual({
      channel: `match-detail-add-sub.${String(id)}`,
      event: 'OnMatchDetailSubAdd',
      payload: { matchId: id },
    });
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, r1), eq(notifications.type, 'sub-added')));
    expect(told.filter((n) => n.data.matchId === id)).toHaveLength(1);

    const list = await players(id);
    expect(list.challenger).toHaveLength(7);
    expect(list.challenger.find((p) => p.id === r1)).toMatchObject({ isSub: true, username: 'reserve1' });
    expect((await p1.get(base(id))).body).toEqual({ data: [expect.objectContaining({ id: r3 })] });
  });

  it('not once the match is finished', async () => {
    const id = await stageWithReserves('finished');
    expect(await access(p1, id)).toBe(false);
    expect((await p1.post(`${base(id)}/${String(reserves[2])}`)).status).toBe(422);
  });

  it('solo-queue: the candidates are the players waiting in the queue', async () => {
    const id = await stagePugScenario(t.app.matchEngine, 'pug-location');
    const record = await loadMatch(t.app.db, id, { lock: false });
    if (!record) throw new Error('no match');
    const captain = await signIn(t.app, record.state.challenger.captainUsername ?? '');
    const waiting = reserves[2] ?? 0;
    await t.app.db.insert(soloQueueEntries).values({ soloQueueId: record.competition.id, userId: waiting });
    expect((await captain.get(base(id))).body).toEqual({ data: [expect.objectContaining({ id: waiting })] });
    expect((await captain.post(`${base(id)}/${String(waiting)}`)).status).toBe(200);
    expect(
      await t.app.db.select().from(soloQueueEntries).where(eq(soloQueueEntries.userId, waiting)),
    ).toEqual([]);
  });

  it('the player list: both rosters, anticheat only while in progress', async () => {
    await t.app.db.delete(teamMembers).where(inArray(teamMembers.userId, reserves));
    const id = await stage(t.app, 'in-progress');
    const p1Id = (await t.app.db.select().from(users).where(eq(users.username, 'player1')))[0]?.id ?? 0;
    await t.app.db
      .insert(anticheatHeartbeats)
      .values({ userId: p1Id, matchId: id, createdAt: new Date(t.clock.now()) });
    const list = await players(id);
    expect(list.challenger).toHaveLength(5);
    expect(list.opponent).toHaveLength(5);
    expect(list.challenger[0]).toEqual({
      id: p1Id,
      username: 'player1',
      image: expect.anything() as unknown,
      flag: expect.anything() as unknown,
      formattedUsername: expect.stringContaining('player1') as string,
      formattedClassName: expect.anything() as unknown,
      elo: expect.any(Number) as number,
      weapon: null,
      config: null,
      isCaptain: true,
      isSub: false,
      anticheat: { running: true, html: expect.stringContaining('Running') as string },
    });
    expect(list.opponent[0]?.anticheat).toMatchObject({ running: false });
    const finished = await players(await stage(t.app, 'finished'));
    expect(finished.challenger.every((p) => p.anticheat === null)).toBe(true);
    expect((await anon.get('/api/v1/match-detail/players/999999')).status).toBe(404);
  });
});
