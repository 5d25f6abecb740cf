import { STATUS } from '@versus/common/match/statuses';
import { acceptPopAnswer, joinQueueAnswer, soloQueuesAnswer } from '@versus/common/api/solo-queue';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matchPlayers,
  matches,
  notifications,
  soloQueueEntries,
  soloQueues,
  users,
} from '../../db/schema/index.ts';
import { SOLO_QUEUE_TEXTS } from './solo-queue.service.ts';
import { buildTestApp, expectAnswer, signIn, T0, type TestApp, TestClient } from '../../test/index.ts';

const names = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `player${String(from + i)}`);

describe('solo-queue API', () => {
  let t: TestApp;
  let queueId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const [queue] = await t.app.db.select().from(soloQueues);
    if (!queue) throw new Error('no queue');
    queueId = queue.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const join = (c: TestClient, id = queueId) => c.post(`/api/v1/solo-queues/${String(id)}/join`);
  const leave = (c: TestClient, id = queueId) => c.post(`/api/v1/solo-queues/${String(id)}/leave`);
  const list = async (c: TestClient) => expectAnswer(await c.get('/api/v1/solo-queues'), soloQueuesAnswer);
  const userId = async (username: string) => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(username);
    return row.id;
  };

  it('lists the queues, joins, refuses a second join, leaves, and refuses strangers', async () => {
    const anonymous = new TestClient(t.app);
    expect((await list(anonymous)).data).toEqual([
      expect.objectContaining({
        id: queueId,
        teamSize: 5,
        playersNeeded: 10,
        queuedCount: 0,
        inQueue: false,
      }),
    ]);
    expect((await join(anonymous)).status).toBe(401);

    const p1 = await signIn(t.app, 'player1');
    const joined = await join(p1);
    expect(joined).toMatchObject({
      status: 200,
      body: {
        message: SOLO_QUEUE_TEXTS.joined,
        data: {
          queue: { queuedCount: 1, inQueue: true },
          status: { entry: { queueId, position: 1, joinedAt: new Date(T0).toISOString() }, pop: null },
        },
      },
    });
    expect((await list(p1)).data[0]).toMatchObject({ queuedCount: 1, inQueue: true });
    expect((await list(anonymous)).data[0]).toMatchObject({ queuedCount: 1, inQueue: false });
    expect(t.published.at(-2)).toEqual({
      channel: `solo-queue.${String(queueId)}`,
      event: 'OnSoloQueueUpdate',
      payload: { queueId, queuedCount: 1, playersNeeded: 10 },
    });
    // The player's other tabs learn it on their private channel (the header shows "In queue").
    expect(t.published.at(-1)).toMatchObject({
      channel: `private-notification.${String(await userId('player1'))}`,
      event: 'OnSoloQueueStatus',
      payload: { change: 'joined', status: { entry: { queueId }, pop: null } },
    });
    expect(await join(p1)).toMatchObject({ status: 409, body: { message: SOLO_QUEUE_TEXTS.alreadyHere } });
    expect((await join(p1, 99999)).status).toBe(404);
    expect((await p1.post('/api/v1/solo-queues/abc/join')).status).toBe(404);

    // One queue at a time.
    const [other] = await t.app.db
      .insert(soloQueues)
      .values({ gameId: 1, mapPoolId: 1, name: '2v2', slug: 'two-v-two', teamSize: 2 })
      .returning();
    expect(await join(p1, other?.id)).toMatchObject({
      status: 409,
      body: { message: SOLO_QUEUE_TEXTS.alreadyElsewhere },
    });

    expect(await leave(p1)).toMatchObject({
      status: 200,
      body: { message: SOLO_QUEUE_TEXTS.left, data: { queue: { queuedCount: 0, inQueue: false } } },
    });
    expect(await leave(p1)).toMatchObject({ status: 409, body: { message: SOLO_QUEUE_TEXTS.notInQueue } });
    expect((await leave(anonymous)).status).toBe(401);
    await t.app.db.delete(soloQueues).where(eq(soloQueues.id, other?.id ?? 0));
  });

  it('starts exactly one pop from twelve concurrent joins, and its ten concurrent accepts form one match', async () => {
    const clients = await Promise.all(names(1, 12).map((n) => signIn(t.app, n)));
    const ids = await Promise.all(names(1, 12).map(userId));
    const results = await Promise.all(clients.map((c) => join(c)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const pops = results
      .map((r) => expectAnswer(r, joinQueueAnswer).data.status.pop)
      .filter((pop) => pop !== null);
    const popIds = new Set(pops.map((pop) => pop.id));
    expect(popIds.size).toBe(1);
    const [popId] = [...popIds];
    const popped = await t.app.db
      .select()
      .from(soloQueueEntries)
      .where(eq(soloQueueEntries.popId, popId ?? 0));
    expect(popped).toHaveLength(10);
    expect(await t.app.db.select().from(matches).where(eq(matches.type, 'solo-queue'))).toHaveLength(0);

    const inPop = clients.filter((_, i) => popped.some((e) => e.userId === ids[i]));
    const accepts = await Promise.all(
      inPop.map((c) => c.post(`/api/v1/solo-queues/pops/${String(popId)}/accept`)),
    );
    const matchIds = accepts
      .map((r) => expectAnswer(r, acceptPopAnswer).data.matchId)
      .filter((id): id is number => id !== null);
    expect(matchIds).toHaveLength(1);
    const matchId = matchIds[0] ?? 0;

    const formed = await t.app.db.select().from(matches).where(eq(matches.type, 'solo-queue'));
    expect(formed).toHaveLength(1);
    const players = await t.app.db.select().from(matchPlayers).where(eq(matchPlayers.matchId, matchId));
    const waiting = await t.app.db.select().from(soloQueueEntries);
    expect(players).toHaveLength(10);
    expect(waiting).toHaveLength(2);
    expect(waiting.every((w) => w.popId === null)).toBe(true);
    const inMatch = players.map((p) => p.userId);
    expect(new Set([...inMatch, ...waiting.map((w) => w.userId)])).toEqual(new Set(ids));

    // Captains: the two highest-rated of the ten, the lower-rated picking first (challenger); everyone
    // else in the pool.
    const elos = await t.app.db
      .select({ id: users.id, elo: users.elo })
      .from(users)
      .where(inArray(users.id, inMatch));
    const [first, second] = [...elos].sort((a, b) => b.elo - a.elo);
    const [row] = formed;
    expect(row).toMatchObject({
      statusId: STATUS.playerSelect,
      challengerCaptainId: second?.id,
      opponentCaptainId: first?.id,
      pickStep: 0,
      pickerSide: 1,
      pickDeadline: new Date(T0 + 30_000),
    });
    expect(players.filter((p) => p.side === -1)).toHaveLength(8);
    expect(players.find((p) => p.userId === second?.id)?.side).toBe(1);
    expect(players.find((p) => p.userId === first?.id)?.side).toBe(2);

    // Everyone is notified and told to go to the match room.
    const rows = await t.app.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, inMatch), eq(notifications.type, 'player-select-started')));
    expect(rows).toHaveLength(10);
    expect(rows.every((n) => n.data.redirectUrl === `/match/${String(matchId)}`)).toBe(true);
    for (const id of inMatch) {
      expect(t.published).toContainEqual({
        channel: `private-notification.${String(id)}`,
        event: 'OnSoloQueueMatchFound',
        payload: { matchId, queueId, url: `/match/${String(matchId)}` },
      });
    }

    // Leaving is possible until the match forms; after that there is nothing to leave, nor to rejoin, nor
    // a ready check to answer.
    const placed = clients[ids.indexOf(inMatch[0] ?? 0)];
    if (!placed) throw new Error('no client');
    expect(await leave(placed)).toMatchObject({
      status: 409,
      body: { message: SOLO_QUEUE_TEXTS.notInQueue },
    });
    expect(await join(placed)).toMatchObject({
      status: 409,
      body: { message: SOLO_QUEUE_TEXTS.busy(matchId) },
    });
    expect(await placed.post(`/api/v1/solo-queues/pops/${String(popId)}/accept`)).toMatchObject({
      status: 409,
      body: { message: 'This ready check is over.' },
    });

    // The detail page of the new match answers, with its pool in the picker.
    const pug = await placed.get(`/api/v1/pug/${String(matchId)}/users`);
    expect(pug.status).toBe(200);
  });
});
