// One match in play at a time, over the API (docs/league-rules.md): accepting, readying up, a substitute,
// a lineup change and joining a solo-queue wait for a player who plays another match (ready up through
// score entry), with a text naming it; two accepts or readies at once for a player of two teams cannot
// both win; a solo-queue's ready check skips a waiting player who started another match.
import { acceptPopAnswer, joinQueueAnswer, soloQueuesAnswer } from '@versus/common/api/solo-queue';
import { statusActionsAnswer } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, matchPlayers, soloQueues, teamMembers, users } from '../../db/schema/index.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  expectAnswer,
  ladderId,
  ladderMatch,
  signIn,
  teamIdOf,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { stage } from '../matches/testing.ts';
import { hashPassword } from '../users/index.ts';

const busyText = (username: string, matchId: number) =>
  `${username} is already playing match #${String(matchId)}; a player can play only one match at a time.`;

describe('league rules: one match in play at a time', () => {
  let t: TestApp;
  let ladder = 0;
  let mixed = 0; // a team of player2 (also on Red Dragons) and four new players
  const clients = new Map<string, TestClient>();
  const as = async (username: string) => {
    const known = clients.get(username);
    if (known) return known;
    const client = await signIn(t.app, username);
    clients.set(username, client);
    return client;
  };
  const userId = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;
  const statusOf = async (id: number) =>
    (await t.app.db.select({ s: matches.statusId }).from(matches).where(eq(matches.id, id)))[0]?.s;
  const challenge = async (captain: string, opponentSlug: string) =>
    ladderMatch(t.app, { challenger: await as(captain), opponentSlug });
  const accept = async (captain: string, id: number) =>
    (await as(captain)).post(`/api/v1/match-detail/status/${String(id)}/accept`);
  const ready = async (captain: string, id: number) =>
    (await as(captain)).post(`/api/v1/match-detail/status/${String(id)}/ready/1`);

  beforeAll(async () => {
    t = await buildTestApp();
    ladder = await ladderId(t.app);
    const password = await hashPassword('password');
    const ids: number[] = [];
    for (const name of ['mix_cap', 'mix_2', 'mix_3', 'mix_4']) {
      const [u] = await t.app.db
        .insert(users)
        .values({ username: name, email: `${name}@example.test`, passwordHash: password })
        .returning({ id: users.id });
      ids.push(u?.id ?? 0);
    }
    const created = await (await as('mix_cap')).post('/api/v1/teams', { name: 'Mixed Company', tag: 'MIX' });
    expect(created.status).toBe(201);
    mixed = await teamIdOf(t.app, 'mixed-company');
    const others = [...ids.slice(1), await userId('player2')];
    await t.app.db.insert(teamMembers).values(others.map((id) => ({ teamId: mixed, userId: id })));
    expect((await (await as('mix_cap')).post(`/api/v1/ladders/${String(ladder)}/join`, {})).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepting waits while a lineup player plays another match; the room says why', async () => {
    const live = await challenge('player1', 'northern-wolves');
    expect((await accept('player6', live)).status).toBe(200);
    expect(await statusOf(live)).toBe(STATUS.mapVeto);

    const waiting = await challenge('mix_cap', 'silent-vipers');
    const refused = await accept('player11', waiting);
    expect(refused).toMatchObject({ status: 422, body: { message: busyText('player2', live) } });
    const actions = await (
      await as('player11')
    ).get(`/api/v1/match-detail/status/${String(waiting)}/actions`);
    expect(expectAnswer(actions, statusActionsAnswer).data).toMatchObject({
      canAcceptMatch: false,
      canDeclineMatch: true,
      blockedReason: busyText('player2', live),
    });

    await cancelMatchesInPlay(t.app);
    expect((await accept('player11', waiting)).status).toBe(200);
    expect(await statusOf(waiting)).toBe(STATUS.mapVeto);
    await cancelMatchesInPlay(t.app);
  });

  it('two accepts at once for a player of two teams: one match starts, the other names it', async () => {
    const red = await challenge('player1', 'northern-wolves');
    const mix = await challenge('mix_cap', 'silent-vipers');
    const answers = await Promise.all([accept('player6', red), accept('player11', mix)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const [winner, loser] = answers[0]?.status === 200 ? [red, mix] : [mix, red];
    const refused = answers.find((a) => a.status === 422);
    expect(refused?.body).toMatchObject({ message: busyText('player2', winner) });
    expect(await statusOf(winner)).toBe(STATUS.mapVeto);
    expect(await statusOf(loser)).toBe(STATUS.challenge);
    await cancelMatchesInPlay(t.app);
    for (const id of [red, mix])
      await (await as('admin')).post(`/api/v1/match-detail/status/${String(id)}/cancel`);
  });

  it('two ready-ups at once in two ready checks of one team: only one holds its players', async () => {
    const [a, b] = [await stage(t.app, 'tournament-ready'), await stage(t.app, 'tournament-ready')];
    const answers = await Promise.all([ready('player1', a), ready('player1', b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const winner = answers[0]?.status === 200 ? a : b;
    expect(answers.find((r) => r.status === 422)?.body).toMatchObject({
      message: busyText('player1', winner),
    });
    // The other team is not held by either check until it readies: it readies the first, which starts.
    expect((await ready('player6', winner)).status).toBe(200);
    expect(await statusOf(winner)).toBe(STATUS.mapVeto);
    await cancelMatchesInPlay(t.app);
  });

  it('a substitute, a ready-up and a lineup change wait for a player busy elsewhere', async () => {
    const vipers = await ladderMatch(t.app, {
      challenger: await as('player11'),
      opponentSlug: 'iron-phantoms',
      accepter: await as('player16'),
    });
    expect(await statusOf(vipers)).toBe(STATUS.mapVeto);
    const red = await teamIdOf(t.app, 'red-dragons');
    const p11 = await userId('player11');
    await t.app.db.insert(teamMembers).values({ teamId: red, userId: p11 });

    const live = await stage(t.app, 'in-progress');
    const sub = await (
      await as('player1')
    ).post(`/api/v1/match-detail/sub/${String(live)}/${String(p11)}`, {
      replacesUserId: await userId('player2'),
    });
    expect(sub).toMatchObject({ status: 422, body: { message: busyText('player11', vipers) } });

    const check = await stage(t.app, 'tournament-ready');
    expect(await ready('player1', check)).toMatchObject({
      status: 422,
      body: { message: busyText('player1', live) },
    });
    const flags = await (await as('player1')).get(`/api/v1/match-detail/status/${String(check)}/actions`);
    expect(expectAnswer(flags, statusActionsAnswer).data).toMatchObject({
      canSetReady: false,
      blockedReason: busyText('player1', live),
    });
    await (await as('admin')).post(`/api/v1/match-detail/status/${String(live)}/cancel`);
    expect((await ready('player1', check)).status).toBe(200);

    const lineup = await Promise.all(['player1', 'player2', 'player3', 'player4', 'player11'].map(userId));
    const change = await (
      await as('player1')
    ).post(`/api/v1/match-detail/lineup/${String(check)}`, { lineup });
    expect(change).toMatchObject({ status: 422, body: { message: busyText('player11', vipers) } });
    await cancelMatchesInPlay(t.app);
    await t.app.db.delete(teamMembers).where(and(eq(teamMembers.teamId, red), eq(teamMembers.userId, p11)));
  });

  it('solo-queue: no join while playing; a waiting player who started a match gets no ready check', async () => {
    const [queue] = await t.app.db.select().from(soloQueues).limit(1);
    const queueId = queue?.id ?? 0;
    await t.app.db.update(soloQueues).set({ teamSize: 1 }).where(eq(soloQueues.id, queueId));
    const join = async (username: string) =>
      expectAnswer(
        await (await as(username)).post(`/api/v1/solo-queues/${String(queueId)}/join`),
        joinQueueAnswer,
      ).data.status.pop;

    expect(await join('player11')).toBeNull();
    const vipers = await ladderMatch(t.app, {
      challenger: await as('player11'),
      opponentSlug: 'iron-phantoms',
      accepter: await as('player16'),
    });
    expect(await (await as('player16')).post(`/api/v1/solo-queues/${String(queueId)}/join`)).toMatchObject({
      status: 409,
      body: { message: `You are still playing match #${String(vipers)}; finish it before you queue again.` },
    });

    // player11 waits first but plays the ladder match now: the ready check goes to the two free players.
    expect(await join('player1')).toBeNull();
    const pop = await join('player6');
    expect(pop).not.toBeNull();
    const accept = async (username: string) =>
      expectAnswer(
        await (await as(username)).post(`/api/v1/solo-queues/pops/${String(pop?.id)}/accept`),
        acceptPopAnswer,
      ).data.matchId;
    expect(await accept('player1')).toBeNull();
    const formed = await accept('player6');
    const players = await t.app.db
      .select({ userId: matchPlayers.userId })
      .from(matchPlayers)
      .where(eq(matchPlayers.matchId, formed ?? 0));
    expect(players.map((p) => p.userId).sort()).toEqual(
      (await Promise.all(['player1', 'player6'].map(userId))).sort(),
    );
    const list = expectAnswer(await (await as('player11')).get('/api/v1/solo-queues'), soloQueuesAnswer);
    expect(list.data).toContainEqual(expect.objectContaining({ id: queueId, inQueue: true }));
  });
});
