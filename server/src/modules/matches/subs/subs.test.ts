import { matchPlayersAnswer } from '@versus/common/api/match-players';
import { subAccessAnswer, subCandidatesAnswer } from '@versus/common/api/subs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anticheatHeartbeats,
  matches,
  notifications,
  soloQueueEntries,
  soloQueuePops,
  teamMembers,
  users,
} from '../../../db/schema/index.ts';
import { stage } from '../testing.ts';
import { stagePickScenario } from '../../solo-queue/index.ts';
import { loadMatch } from '../core/match.repository.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  expectAnswer,
  signIn,
  teamIdOf,
  type TestApp,
  TestClient,
} from '../../../test/index.ts';

describe('substitutes and the player list over the API', () => {
  let t: TestApp;
  let p1: TestClient; // red-dragons captain
  let p2: TestClient;
  let p6: TestClient; // northern-wolves captain
  let p11: TestClient;
  let anon: TestClient;
  const reserves: number[] = [];
  let red = 0;

  beforeAll(async () => {
    t = await buildTestApp();
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
  async function stageWithReserves(name: 'in-progress' | 'finished' | 'score-entered'): Promise<number> {
    await t.app.db.delete(teamMembers).where(inArray(teamMembers.userId, reserves));
    // The reserves came into earlier matches as subs: free them (one match in play at a time).
    await cancelMatchesInPlay(t.app);
    const id = await stage(t.app, name);
    await t.app.db.insert(teamMembers).values(reserves.map((userId) => ({ teamId: red, userId })));
    return id;
  }
  afterAll(async () => {
    await t.close();
  });

  const idOf = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;

  const base = (id: number) => `/api/v1/match-detail/sub/${String(id)}`;
  const access = async (client: TestClient, id: number) =>
    expectAnswer(await client.get(`${base(id)}/access`), subAccessAnswer).data.showButton;
  const players = async (id: number) =>
    expectAnswer(await anon.get(`/api/v1/match-detail/players/${String(id)}`), matchPlayersAnswer).data;

  it('captains see the button and their team’s reserves; others are refused', async () => {
    const id = await stageWithReserves('in-progress');
    expect(await access(p1, id)).toBe(true);
    expect(await access(p6, id)).toBe(true);
    for (const client of [p2, p11, anon]) expect(await access(client, id)).toBe(false);

    const list = await p1.get(base(id));
    expect(list.status).toBe(200);
    expect(expectAnswer(list, subCandidatesAnswer).data).toEqual(
      ['reserve1', 'reserve2', 'reserve3'].map((username, i) => ({
        id: reserves[i],
        username,
        formattedUsername: expect.stringContaining(username) as string,
        image: null,
        flag: 'de',
      })),
    );
    expect((await p6.get(base(id))).body).toMatchObject({ data: [] });
    // The lineup players a sub may replace come with the list.
    const meta = expectAnswer(list, subCandidatesAnswer).meta;
    expect(meta.replaceable.map((p) => p.username).sort()).toEqual([
      'player1',
      'player2',
      'player3',
      'player4',
      'player5',
    ]);
    expect((await p2.get(base(id))).status).toBe(403);
    expect((await anon.get(base(id))).status).toBe(401);
  });

  it('adds up to the limit per side, broadcasts and notifies the sub', async () => {
    const id = await stageWithReserves('in-progress');
    const [r1 = 0, r2 = 0, r3 = 0] = reserves;
    const [u2, u3, u4, u7] = await Promise.all(['player2', 'player3', 'player4', 'player7'].map(idOf));
    const add = (client: TestClient, userId: number, replacesUserId = u2) =>
      client.post(`${base(id)}/${String(userId)}`, { replacesUserId });
    expect((await add(anon, r1)).status).toBe(401);
    expect((await add(p2, r1)).status).toBe(403);
    expect((await add(p11, r1)).status).toBe(403);
    expect((await add(p6, r1, u7)).body).toMatchObject({
      message: 'This player is not available to be added.',
    });
    // The replaced player must be named, and be in the captain's own lineup.
    for (const body of [{}, { replacesUserId: u7 }]) {
      expect((await p1.post(`${base(id)}/${String(r1)}`, body)).body).toMatchObject({
        message: 'Choose the player of your lineup the substitute replaces.',
      });
    }
    expect(await add(p1, r1)).toMatchObject({
      status: 200,
      body: { message: 'Player was added as a substitute successfully' },
    });
    expect((await add(p1, r1, u3)).status).toBe(422);
    expect((await add(p1, r2, u3)).status).toBe(200);
    expect(await add(p1, r3, u4)).toMatchObject({
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

    // One for one: the side still plays five; the replaced players went back to the bench.
    const list = await players(id);
    expect(list.challenger).toHaveLength(5);
    expect(list.challenger.find((p) => p.id === r1)).toMatchObject({ isSub: true, username: 'reserve1' });
    expect(list.challenger.some((p) => p.id === u2 || p.id === u3)).toBe(false);
    const bench = expectAnswer(await p1.get(base(id)), subCandidatesAnswer).data.map((c) => c.id);
    expect(bench.sort()).toEqual([u2, u3, r3].sort());
  });

  it('is a match command: version + 1, the real events in order, one winner for the last place', async () => {
    const id = await stageWithReserves('in-progress');
    const version = async () =>
      (await t.app.db.select({ v: matches.version }).from(matches).where(eq(matches.id, id)))[0]?.v ?? 0;
    const before = await version();
    const [r1 = 0, r2 = 0, r3 = 0] = reserves;
    const [u2, u3, u4] = await Promise.all(['player2', 'player3', 'player4'].map(idOf));
    const from = t.published.length;
    expect((await p1.post(`${base(id)}/${String(r1)}`, { replacesUserId: u2 })).status).toBe(200);
    expect(await version()).toBe(before + 1);
    expect(t.published.slice(from).map((p) => `${p.event} ${p.channel}`)).toEqual([
      `OnMatchDetailSubAdd match-detail-add-sub.${String(id)}`,
      `MatchDetailUpdate match-detail-update.${String(id)}`,
      `OnNotificationReceived private-notification.${String(r1)}`,
    ]);
    // One place left on the side: two adds at once, under the match's row lock only one takes it.
    const both = await Promise.all(
      [
        [r2, u3],
        [r3, u4],
      ].map(([r, out]) => p1.post(`${base(id)}/${String(r)}`, { replacesUserId: out })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)?.body).toMatchObject({
      message: 'Your team has already added the maximum of 2 substitutes.',
    });
    expect(await version()).toBe(before + 2);
  });

  it('not once the match is finished', async () => {
    const id = await stageWithReserves('finished');
    expect(await access(p1, id)).toBe(false);
    expect((await p1.post(`${base(id)}/${String(reserves[2])}`, { replacesUserId: 1 })).status).toBe(422);
  });

  it('not once the score is entered', async () => {
    const id = await stageWithReserves('score-entered');
    expect(await access(p1, id)).toBe(false);
    const res = await p1.post(`${base(id)}/${String(reserves[2])}`, {
      replacesUserId: await idOf('player2'),
    });
    expect(res.body).toMatchObject({
      message: 'Substitutes can be added only before the result is entered.',
    });
  });

  it('solo-queue: the candidates are the players waiting in the queue', async () => {
    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    const record = await loadMatch(t.app.db, id, { lock: false });
    if (!record) throw new Error('no match');
    const captain = await signIn(t.app, record.state.challenger.captainUsername ?? '');
    const waiting = reserves[2] ?? 0;
    await t.app.db.insert(soloQueueEntries).values({ soloQueueId: record.competition.id, userId: waiting });
    // A player in a pop (the queue's ready check) is about to play a match of their own: not offered.
    const [pop] = await t.app.db
      .insert(soloQueuePops)
      .values({ soloQueueId: record.competition.id, deadline: new Date(t.clock.now() + 30_000) })
      .returning();
    const popped = reserves[1] ?? 0;
    await t.app.db
      .insert(soloQueueEntries)
      .values({ soloQueueId: record.competition.id, userId: popped, popId: pop?.id ?? null });
    expect((await captain.get(base(id))).body).toMatchObject({
      data: [expect.objectContaining({ id: waiting })],
    });
    await t.app.db.delete(soloQueueEntries).where(eq(soloQueueEntries.userId, popped));
    const mate = record.state.players.find(
      (p) => p.side === 1 && p.userId !== record.state.challenger.captainUserId,
    );
    const added = await captain.post(`${base(id)}/${String(waiting)}`, { replacesUserId: mate?.userId });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
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
