import { matchDetailAnswer } from '@versus/common/api/matches';
import { challengeAnswer } from '@versus/common/api/ladders';
import { chatMessagesAnswer, chatSendAnswer } from '@versus/common/api/chat';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { chatMessages, soloQueues } from '../../../db/schema/index.ts';
import type { PublishOptions } from '../../../realtime/index.ts';
import { CHAT_TEXTS } from './chat.service.ts';
import {
  buildTestApp,
  expectAnswer,
  joinAndAcceptAll,
  ladderId,
  signIn,
  teamIdOf,
  type TestApp,
  TestClient,
} from '../../../test/index.ts';

describe('match chat API', () => {
  let t: TestApp;
  let p1: TestClient; // red-dragons captain: a player of the match
  let p7: TestClient; // northern-wolves: a player of the match
  let p15: TestClient; // a spectator
  let admin: TestClient;
  let matchId: number;
  const sent: { channel: string; event: string; payload: unknown; options?: PublishOptions }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const engine = t.app.ctx;
    const inner = engine.broadcaster;
    engine.broadcaster = {
      publish: async (channels, event, payload, options) => {
        sent.push({ channel: String(channels), event, payload, options });
        await inner.publish(channels, event, payload, options);
      },
    };
    p1 = await signIn(t.app, 'player1');
    p7 = await signIn(t.app, 'player7');
    p15 = await signIn(t.app, 'player15');
    admin = await signIn(t.app, 'admin');
    const res = await p1.post(`/api/v1/ladders/${String(await ladderId(t.app))}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'northern-wolves'),
    });
    matchId = expectAnswer(res, challengeAnswer, 201).data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (c: TestClient, message: unknown, headers: Record<string, string> = {}) =>
    c.post('/api/v1/chat', { message, id: matchId }, headers);
  const history = async (c: TestClient) =>
    expectAnswer(await c.get(`/api/v1/chat/${String(matchId)}`), chatMessagesAnswer);

  it('lets signed-in users read, players and admins type, and exposes canType', async () => {
    expect((await new TestClient(t.app).get(`/api/v1/chat/${String(matchId)}`)).status).toBe(401);
    expect((await p15.get('/api/v1/chat/999999')).status).toBe(404);
    expect(await history(p15)).toEqual({ data: [], meta: { canType: false } });
    expect((await history(p7)).meta.canType).toBe(true);
    const detail = async (c: TestClient) =>
      expectAnswer(await c.get(`/api/v1/match-detail/${String(matchId)}`), matchDetailAnswer).data.canType;
    expect(await detail(p1)).toBe(true);
    expect(await detail(p15)).toBe(false);
    expect(await detail(admin)).toBe(true);

    expect((await new TestClient(t.app).post('/api/v1/chat', { message: 'hi', id: matchId })).status).toBe(
      401,
    );
    expect(await send(p15, 'hello')).toMatchObject({ status: 403, body: { message: CHAT_TEXTS.forbidden } });
    const res = await send(p1, '  <b>gl hf</b>  ', { 'x-socket-id': '123.456' });
    expect(res.status).toBe(201);
    const message = expectAnswer(res, chatSendAnswer, 201).data;
    expect(message).toMatchObject({
      message: '<b>gl hf</b>', // plain text: stored and sent as typed, never interpreted
      user: { username: 'player1', formattedUsername: expect.stringContaining('player1') as string },
    });
    expect((await send(admin, 'admin here')).status).toBe(201);
    const list = await history(p15);
    expect(list.data.map((m) => m.message)).toEqual(['<b>gl hf</b>', 'admin here']);

    // Broadcast on the presence channel, skipping the sender's socket (the broadcaster honours the
    // socket id only when that socket belongs to the sender: see realtime/broadcaster.ts).
    const broadcast = sent.find((s) => s.event === 'OnMessageSend');
    expect(broadcast).toEqual({
      channel: `presence-match-chat.${String(matchId)}`,
      event: 'OnMessageSend',
      payload: { message },
      options: { exceptSocketId: '123.456', exceptUserId: message.user.id },
    });
  });

  it('validates the text and the match id', async () => {
    // A 422 in the `{message, errors}` shape; the field errors as listed.
    const errors = (res: { status: number; body: unknown }) =>
      expectAnswer(res, validationErrorAnswer, 422).errors;
    expect(errors(await send(p1, '   '))).toEqual({ message: [CHAT_TEXTS.required] });
    expect(errors(await send(p1, 42))).toEqual({ message: [CHAT_TEXTS.notString] });
    expect(errors(await send(p1, 'x'.repeat(501)))).toEqual({ message: [CHAT_TEXTS.tooLong] });
    expect(errors(await p1.post('/api/v1/chat', { message: 'hi' }))).toEqual({ id: [CHAT_TEXTS.idRequired] });
    expect((await p1.post('/api/v1/chat', { message: 'hi', id: 999999 })).status).toBe(404);
    const long = await send(p7, ` ${'é'.repeat(500)}\u0000 `);
    expect(long.status).toBe(201);
    expect(expectAnswer(long, chatSendAnswer, 201).data.message).toBe('é'.repeat(500));
  });

  it('limits each user to 5 messages per 5 seconds', async () => {
    t.clock.advance(60_000);
    // The limit counts in wall-clock windows (shared through Redis when there is one): Date is moved by hand.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    onTestFinished(() => void vi.useRealTimers());
    for (let i = 0; i < 5; i += 1) expect((await send(admin, `m${String(i)}`)).status).toBe(201);
    const limited = await send(admin, 'one too many');
    expect(limited).toMatchObject({ status: 429, body: { message: CHAT_TEXTS.tooMany } });
    expect(limited.headers['retry-after']).toBe('5');
    expect((await send(p7, 'someone else is not limited')).status).toBe(201);
    vi.setSystemTime(Date.now() + 5_000);
    expect((await send(admin, 'again')).status).toBe(201);
  });

  it('lists the newest 100 messages, oldest first', async () => {
    const [user] = (await history(p1)).data;
    await t.app.db.insert(chatMessages).values(
      Array.from({ length: 120 }, (_, i) => ({
        matchId,
        userId: user?.user.id ?? 0,
        message: `bulk ${String(i)}`,
      })),
    );
    const { data } = await history(p1);
    expect(data).toHaveLength(100);
    expect(data[0]?.message).toBe('bulk 20');
    expect(data.at(-1)?.message).toBe('bulk 119');
  });

  it('lets every player of a solo-queue match type during player select, the unpicked pool included', async () => {
    const [queue] = await t.app.db.select().from(soloQueues);
    const players: TestClient[] = [];
    for (let i = 11; i <= 20; i += 1) {
      players.push(i === 15 ? p15 : await signIn(t.app, `player${String(i)}`));
    }
    const pugId = await joinAndAcceptAll(players, queue?.id ?? 0);
    // Ratings grow with the player number: player20 and player19 captain, player11 waits in the pool.
    const poolPlayer = players[0];
    if (!poolPlayer) throw new Error('no pool player');
    const pugHistory = async (c: TestClient) =>
      expectAnswer(await c.get(`/api/v1/chat/${String(pugId)}`), chatMessagesAnswer).meta.canType;
    expect(await pugHistory(poolPlayer)).toBe(true);
    expect(await pugHistory(admin)).toBe(true);
    expect(await pugHistory(p1)).toBe(false);
    expect((await poolPlayer.post('/api/v1/chat', { message: 'pick me', id: pugId })).status).toBe(201);
    expect((await p1.post('/api/v1/chat', { message: 'let me in', id: pugId })).status).toBe(403);
  });
});
