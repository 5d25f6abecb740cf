// The pop (the ready check of a full solo-queue) through the HTTP API, the sweeper and the realtime
// channel: everyone accepts, someone declines or leaves, someone misses the deadline, a restart in the
// middle, and two server instances sharing one database.
import {
  acceptPopAnswer,
  declinePopAnswer,
  joinQueueAnswer,
  leaveQueueAnswer,
  queueStatusAnswer,
  type QueueStatus,
} from '@versus/common/api/solo-queue';
import { channelAuthAnswer } from '@versus/common/api/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPlayers, matches, soloQueues, users } from '../../db/schema/index.ts';
import { connectRaw } from '../../realtime/test-support/clients.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, TestClient } from '../../test/index.ts';
import { POP_TEXTS } from './solo-queue-pop.ts';
import { SOLO_QUEUE_TEXTS } from './solo-queue.service.ts';
import { STATUS } from '@versus/common/match/statuses';

const iso = (ms: number) => new Date(ms).toISOString();

/** A 2v2 queue (a pop of four) of its own, so each test fills it with players of its own. */
async function twoVersusTwo(t: TestApp, slug: string): Promise<number> {
  const [row] = await t.app.db
    .insert(soloQueues)
    .values({ gameId: 1, mapPoolId: 1, name: `2v2 ${slug}`, slug, teamSize: 2 })
    .returning({ id: soloQueues.id });
  if (!row) throw new Error('no queue');
  return row.id;
}

async function idOf(t: TestApp, username: string): Promise<number> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(username);
  return row.id;
}

const join = (c: TestClient, queueId: number) => c.post(`/api/v1/solo-queues/${String(queueId)}/join`);
const leave = (c: TestClient, queueId: number) => c.post(`/api/v1/solo-queues/${String(queueId)}/leave`);
const accept = (c: TestClient, popId: number) => c.post(`/api/v1/solo-queues/pops/${String(popId)}/accept`);
const decline = (c: TestClient, popId: number) => c.post(`/api/v1/solo-queues/pops/${String(popId)}/decline`);
const statusOf = async (c: TestClient): Promise<QueueStatus> =>
  expectAnswer(await c.get('/api/v1/solo-queues/me'), queueStatusAnswer).data;

/** Signs the players in and has them join one after the other, a second apart; returns the clients. */
async function joinInTurn(t: TestApp, queueId: number, usernames: string[]): Promise<TestClient[]> {
  const clients: TestClient[] = [];
  for (const username of usernames) {
    const client = await signIn(t.app, username);
    expect((await join(client, queueId)).status).toBe(200);
    clients.push(client);
    t.clock.advance(1000);
  }
  return clients;
}

/** The pop the player is in (fails when none). */
async function popOf(c: TestClient): Promise<number> {
  const { pop } = await statusOf(c);
  if (!pop) throw new Error('not in a pop');
  return pop.id;
}

/** The last `OnSoloQueueStatus` a user got on their private channel since `from`. */
function lastStatusEvent(t: TestApp, userId: number, from = 0) {
  return t.published
    .slice(from)
    .filter((p) => p.channel === `private-notification.${String(userId)}` && p.event === 'OnSoloQueueStatus')
    .at(-1)?.payload;
}

describe('solo-queue pops', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pops a ready check for a full queue; when all four accept the match forms and everyone goes to its room', async () => {
    const queueId = await twoVersusTwo(t, 'accept-all');
    const names = ['player1', 'player2', 'player3', 'player4'];
    const ids = await Promise.all(names.map((n) => idOf(t, n)));
    const [p1, p2, p3] = await joinInTurn(t, queueId, names.slice(0, 3));
    if (!p1 || !p2 || !p3) throw new Error('no clients');
    expect((await statusOf(p1)).pop).toBeNull();

    // The fourth join fills the queue: a pop, not a match.
    const fourth = await signIn(t.app, 'player4');
    const before = t.published.length;
    const joined = expectAnswer(await join(fourth, queueId), joinQueueAnswer);
    expect(joined.message).toBe(SOLO_QUEUE_TEXTS.popped);
    const popAt = t.clock.time;
    expect(joined.data.status.pop).toEqual({
      id: expect.any(Number) as number,
      queueId,
      queueName: '2v2 accept-all',
      deadline: iso(popAt + 30_000),
      seconds: 30,
      acceptedCount: 0,
      playersNeeded: 4,
      accepted: false,
    });
    const popId = joined.data.status.pop?.id ?? 0;
    expect(await t.app.db.select().from(matches).where(eq(matches.soloQueueId, queueId))).toEqual([]);
    for (const id of ids) {
      expect(lastStatusEvent(t, id, before)).toMatchObject({
        change: 'pop-started',
        status: { pop: { id: popId, acceptedCount: 0, accepted: false } },
      });
    }

    // Each accept tells all four how many accepted; the viewer's own flag only to them.
    t.clock.advance(5000);
    const first = expectAnswer(await accept(p2, popId), acceptPopAnswer);
    expect(first).toMatchObject({
      message: POP_TEXTS.accepted,
      data: { matchId: null, status: { pop: { acceptedCount: 1, accepted: true } } },
    });
    expect(lastStatusEvent(t, ids[0] ?? 0)).toMatchObject({
      change: 'pop-accepted',
      status: { pop: { acceptedCount: 1, accepted: false } },
    });
    // A second click changes nothing.
    expect(expectAnswer(await accept(p2, popId), acceptPopAnswer).data.status.pop?.acceptedCount).toBe(1);
    expect((await statusOf(p3)).pop).toMatchObject({ acceptedCount: 1, accepted: false });

    // Strangers, the signed-out and unknown pops are refused.
    const stranger = await signIn(t.app, 'player20');
    expect(await accept(stranger, popId)).toMatchObject({
      status: 403,
      body: { message: POP_TEXTS.notInPop },
    });
    expect(await decline(stranger, popId)).toMatchObject({
      status: 403,
      body: { message: POP_TEXTS.notInPop },
    });
    expect((await accept(new TestClient(t.app), popId)).status).toBe(401);
    expect(await accept(p1, 999_999)).toMatchObject({ status: 404, body: { message: POP_TEXTS.notFound } });
    expect((await p1.post('/api/v1/solo-queues/pops/abc/accept')).status).toBe(404);
    expect((await new TestClient(t.app).get('/api/v1/solo-queues/me')).status).toBe(401);

    await accept(p1, popId);
    await accept(p3, popId);
    const sent = t.published.length;
    const last = expectAnswer(await accept(fourth, popId), acceptPopAnswer);
    expect(last.message).toBe(POP_TEXTS.matched);
    const matchId = last.data.matchId ?? 0;
    expect(last.data.status).toMatchObject({ entry: null, pop: null });

    const [match] = await t.app.db.select().from(matches).where(eq(matches.id, matchId));
    expect(match).toMatchObject({ type: 'solo-queue', soloQueueId: queueId, statusId: STATUS.playerSelect });
    const players = await t.app.db.select().from(matchPlayers).where(eq(matchPlayers.matchId, matchId));
    expect(players.map((p) => p.userId).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const events = t.published
        .slice(sent)
        .filter((p) => p.channel === `private-notification.${String(id)}`)
        .map((p) => p.event);
      // The ready check closes first, then the tab goes to the room.
      expect(events.indexOf('OnSoloQueueStatus')).toBeLessThan(events.indexOf('OnSoloQueueMatchFound'));
      expect(lastStatusEvent(t, id, sent)).toMatchObject({ change: 'matched', status: { pop: null } });
      expect(t.published.slice(sent)).toContainEqual({
        channel: `private-notification.${String(id)}`,
        event: 'OnSoloQueueMatchFound',
        payload: { matchId, queueId, url: `/match/${String(matchId)}` },
      });
    }
    // The pop is over for good.
    expect(await accept(p1, popId)).toMatchObject({ status: 409, body: { message: POP_TEXTS.over } });
    expect(await decline(p1, popId)).toMatchObject({ status: 409, body: { message: POP_TEXTS.over } });
  });

  it('a decline or a leave during the pop sends that player away with a cooldown; the others wait at their place', async () => {
    const queueId = await twoVersusTwo(t, 'decline');
    const names = ['player5', 'player6', 'player7', 'player8', 'player9'];
    const start = t.clock.time;
    const [p5, p6, p7, p8, p9] = await joinInTurn(t, queueId, names);
    if (!p5 || !p6 || !p7 || !p8 || !p9) throw new Error('no clients');
    const [id5, id6, id7, id8, id9] = await Promise.all(names.map((n) => idOf(t, n)));
    const first = await popOf(p5);
    expect((await statusOf(p9)).pop).toBeNull();

    // player7 declines: a new pop at once, of the three others and player9, who waited behind them.
    await accept(p5, first);
    const declined = expectAnswer(await decline(p7, first), declinePopAnswer);
    const cooldownUntil = iso(t.clock.time + 120_000);
    expect(declined).toEqual({
      message: POP_TEXTS.declined,
      data: { status: { entry: null, pop: null, cooldownUntil, now: iso(t.clock.time) } },
    });
    expect(lastStatusEvent(t, id7 ?? 0)).toMatchObject({ change: 'pop-declined', status: { cooldownUntil } });
    const second = await popOf(p5);
    expect(second).not.toBe(first);
    for (const c of [p5, p6, p8, p9]) expect(await popOf(c)).toBe(second);
    // Nobody keeps an accept from the pop that failed.
    expect((await statusOf(p5)).pop).toMatchObject({ acceptedCount: 0, accepted: false });
    expect(lastStatusEvent(t, id5 ?? 0)).toMatchObject({ change: 'pop-started' });

    // Leaving the queue during a pop is declining it: player8 leaves, the other three wait again, in
    // the order they first joined, with their join times kept.
    const left = expectAnswer(await leave(p8, queueId), leaveQueueAnswer);
    expect(left.message).toBe(POP_TEXTS.declined);
    expect(left.data.status.cooldownUntil).toBe(cooldownUntil);
    expect(lastStatusEvent(t, id8 ?? 0)).toMatchObject({ change: 'pop-declined' });
    const waiting = await Promise.all([p5, p6, p9].map(statusOf));
    expect(waiting.map((s) => [s.entry?.position, s.entry?.joinedAt, s.pop])).toEqual([
      [1, iso(start), null],
      [2, iso(start + 1000), null],
      [3, iso(start + 4000), null],
    ]);
    for (const id of [id5, id6, id9]) {
      expect(lastStatusEvent(t, id ?? 0)).toMatchObject({ change: 'pop-requeued', status: { pop: null } });
    }

    // The cooldown: two minutes from the decline, then player7 may queue again (at the back).
    expect(await join(p7, queueId)).toMatchObject({
      status: 409,
      body: { message: SOLO_QUEUE_TEXTS.coolingDown('2:00') },
    });
    t.clock.advance(119_000);
    expect(await join(p7, queueId)).toMatchObject({
      status: 409,
      body: { message: SOLO_QUEUE_TEXTS.coolingDown('0:01') },
    });
    t.clock.advance(1000);
    const rejoined = expectAnswer(await join(p7, queueId), joinQueueAnswer);
    // Four again: a new pop, player7 last in line.
    expect(rejoined.data.status.entry?.position).toBe(4);
    expect(rejoined.data.status.pop).not.toBeNull();
    expect((await statusOf(p6)).pop?.id).toBe(rejoined.data.status.pop?.id);
    // A player who merely leaves the queue, outside a pop, gets no cooldown.
    await decline(p5, rejoined.data.status.pop?.id ?? 0);
    expect(expectAnswer(await leave(p6, queueId), leaveQueueAnswer)).toMatchObject({
      message: SOLO_QUEUE_TEXTS.left,
      data: { status: { entry: null, cooldownUntil: null } },
    });
    expect(lastStatusEvent(t, id6 ?? 0)).toMatchObject({ change: 'left' });
  });

  it('whoever misses the 30 s deadline leaves with a cooldown; the rest keep their place ahead of later players', async () => {
    const queueId = await twoVersusTwo(t, 'timeout');
    const names = ['player10', 'player11', 'player12', 'player13', 'player14', 'player15'];
    const start = t.clock.time;
    const clients = await joinInTurn(t, queueId, names);
    const [p10, p11, p12, p13, p14, p15] = clients;
    if (!p10 || !p11 || !p12 || !p13 || !p14 || !p15) throw new Error('no clients');
    const ids = await Promise.all(names.map((n) => idOf(t, n)));
    // The pop started with the fourth join (player13); player14 and player15 wait behind it.
    const popId = await popOf(p10);
    const { deadline } = (await statusOf(p10)).pop ?? { deadline: '' };
    expect(deadline).toBe(iso(start + 3000 + 30_000));
    for (const c of [p10, p12, p13]) expect((await accept(c, popId)).status).toBe(200);

    // At the deadline an accept is too late, even before the sweeper has run.
    t.clock.time = Date.parse(deadline);
    expect(await accept(p11, popId)).toMatchObject({ status: 409, body: { message: POP_TEXTS.over } });
    t.clock.advance(2000);
    const before = t.published.length;
    await t.app.matchSweeper.sweepOnce();

    // player11 is out, with a cooldown counted from the deadline.
    expect(await statusOf(p11)).toMatchObject({
      entry: null,
      pop: null,
      cooldownUntil: iso(Date.parse(deadline) + 120_000),
    });
    expect(lastStatusEvent(t, ids[1] ?? 0, before)).toMatchObject({ change: 'pop-missed' });
    // The three who accepted are first in line again: the next pop takes them and player14, not
    // player15 (had they gone to the back, player14 and player15 would both be in it and player13 out).
    const next = await popOf(p10);
    expect(next).not.toBe(popId);
    const after = await Promise.all([p10, p12, p13, p14, p15].map(statusOf));
    expect(after.map((s) => [s.entry?.joinedAt, s.entry?.position, s.pop?.id ?? null])).toEqual([
      [iso(start), 1, next],
      [iso(start + 2000), 2, next],
      [iso(start + 3000), 3, next],
      [iso(start + 4000), 4, next],
      [iso(start + 5000), 5, null],
    ]);
    expect((await statusOf(p10)).pop).toMatchObject({ acceptedCount: 0, accepted: false });
    // A sweep with nothing due does nothing.
    const quiet = t.published.length;
    await t.app.matchSweeper.sweepOnce();
    expect(t.published.slice(quiet).filter((p) => p.event === 'OnSoloQueueStatus')).toEqual([]);
  });

  it('sends the pop to the player over a real private WebSocket subscription', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const queueId = await twoVersusTwo(t, 'socket');
    const watcher = await signIn(t.app, 'player16');
    const watcherId = await idOf(t, 'player16');
    const socket = await connectRaw(port, `/app/${t.config.pusher.key}?protocol=7`);
    const { data } = await socket.next('pusher:connection_established');
    const socketId = (data as { socket_id: string }).socket_id;
    const channel = `private-notification.${String(watcherId)}`;
    const signed = await watcher.post('/broadcasting/auth', `socket_id=${socketId}&channel_name=${channel}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    socket.send({
      event: 'pusher:subscribe',
      data: { channel, auth: expectAnswer(signed, channelAuthAnswer).auth },
    });
    await socket.next('pusher_internal:subscription_succeeded');

    expect((await join(watcher, queueId)).status).toBe(200);
    expect((await socket.next('OnSoloQueueStatus')).data).toMatchObject({ change: 'joined' });
    const others = await joinInTurn(t, queueId, ['player17', 'player18', 'player19']);
    const popped = await socket.next('OnSoloQueueStatus');
    expect(popped).toMatchObject({
      channel,
      data: { change: 'pop-started', status: { pop: { acceptedCount: 0 } } },
    });
    const popId = await popOf(watcher);
    for (const c of [...others, watcher]) await accept(c, popId);
    const found = await socket.next('OnSoloQueueMatchFound');
    expect(found.data).toMatchObject({ queueId, url: expect.stringMatching(/^\/match\/\d+$/) as string });
    socket.ws.close();
  });
});

describe('a pop across a restart and two server instances', () => {
  let first: TestApp;
  let queueId: number;

  beforeAll(async () => {
    first = await buildTestApp();
    queueId = await twoVersusTwo(first, 'restart');
  });
  afterAll(async () => {
    await first.close();
  });

  it('keeps the pop, its accepts and its deadline through a restart; another instance sweeps it', async () => {
    const clients = await joinInTurn(first, queueId, ['player1', 'player2', 'player3', 'player4']);
    const popId = await popOf(clients[0] ?? new TestClient(first.app));
    await accept(clients[0] ?? new TestClient(first.app), popId);
    await accept(clients[1] ?? new TestClient(first.app), popId);
    const deadline = first.clock.time - 1000 + 30_000;
    await first.closeApp();

    // The server comes back (same database, clock moved on): the pop is there with its two accepts.
    const second = await buildTestApp({ database: first.database, clock: first.clock });
    const third = await buildTestApp({ database: first.database, clock: first.clock });
    try {
      const [p1, p2, p3, p4] = await Promise.all(
        ['player1', 'player2', 'player3', 'player4'].map((n) => signIn(second.app, n)),
      );
      if (!p1 || !p2 || !p3 || !p4) throw new Error('no clients');
      expect((await statusOf(p3)).pop).toEqual(
        expect.objectContaining({ id: popId, acceptedCount: 2, accepted: false, deadline: iso(deadline) }),
      );
      expect((await statusOf(p1)).pop).toMatchObject({ accepted: true });
      await accept(p3, popId);

      // The deadline passes while nobody runs a sweeper; the next instance to sweep ends it.
      first.clock.time = deadline + 60_000;
      await second.app.matchSweeper.sweepOnce();
      expect(await statusOf(p4)).toMatchObject({ entry: null, cooldownUntil: iso(deadline + 120_000) });
      const requeued = await Promise.all([p1, p2, p3].map(statusOf));
      expect(requeued.map((s) => [s.entry?.position, s.pop])).toEqual([
        [1, null],
        [2, null],
        [3, null],
      ]);
      // A second instance finds nothing left to do.
      const published = third.published.length;
      await third.app.matchSweeper.sweepOnce();
      expect(third.published.length).toBe(published);

      // Two instances take the accepts of the next pop at once: exactly one match forms.
      const p5 = await signIn(third.app, 'player5');
      expect((await join(p5, queueId)).status).toBe(200);
      const next = await popOf(p5);
      const onThird = await Promise.all(['player1', 'player3'].map((n) => signIn(third.app, n)));
      const answers = await Promise.all([
        accept(onThird[0] ?? p1, next),
        accept(p2, next),
        accept(onThird[1] ?? p3, next),
        accept(p5, next),
      ]);
      const matchIds = answers
        .map((r) => expectAnswer(r, acceptPopAnswer).data.matchId)
        .filter((id) => id !== null);
      expect(matchIds).toHaveLength(1);
      expect(await second.app.db.select().from(matches).where(eq(matches.soloQueueId, queueId))).toHaveLength(
        1,
      );
    } finally {
      await second.closeApp();
      await third.closeApp();
    }
  });
});
