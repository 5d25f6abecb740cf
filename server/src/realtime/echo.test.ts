// Real pusher-js and Laravel Echo clients against the embedded service (single instance).
import {
  echoEventName,
  eventWireChannel,
  matchChatChannel,
  matchDetailUpdateChannel,
  notificationChannel,
} from '@versus/common/realtime';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectPusher, echoFor } from './test-support/clients.ts';
import { eventually } from '../test/eventually.ts';
import { startTestApp } from './test-support/test-app.ts';
import type { TestApp } from './test-support/test-app.ts';

type Member = { id: number; username: string; formattedUsername: string };

describe.skipIf(process.env.TEST_DB === 'postgres')('realtime: pusher-js and Echo clients', () => {
  let server: TestApp;
  let open: Pusher[] = [];

  const connect = async (userId: number | null) => {
    const pusher = await connectPusher(server.port, userId);
    open.push(pusher);
    return { pusher, echo: echoFor(pusher) };
  };

  const subscribed = (channel: { subscribed(cb: () => void): unknown }) =>
    new Promise<void>((resolve) => channel.subscribed(() => resolve()));

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterEach(() => {
    for (const pusher of open) pusher.disconnect();
    open = [];
  });
  afterAll(async () => {
    await server.close();
  });

  it('delivers public events to listeners that use the leading-dot name', async () => {
    const { echo } = await connect(null);
    const received: unknown[] = [];
    const channel = echo.channel(matchDetailUpdateChannel(7));
    channel.listen(echoEventName('MatchDetailUpdate'), (payload: unknown) => received.push(payload));
    await subscribed(channel);

    await server.app.broadcaster.publish(eventWireChannel('MatchDetailUpdate', 7), 'MatchDetailUpdate', {
      matchId: 7,
    });
    await eventually(() => expect(received).toEqual([{ matchId: 7 }]));
  });

  it('lets users into their own notification channel and refuses another user’s', async () => {
    const { echo } = await connect(1);
    const received: unknown[] = [];
    const own = echo.private(notificationChannel(1));
    own.listen(echoEventName('OnNotificationReceived'), (payload: unknown) => received.push(payload));
    await subscribed(own);
    const errors: unknown[] = [];
    echo.private(notificationChannel(2)).error((error: unknown) => errors.push(error));

    await server.app.broadcaster.publish(
      eventWireChannel('OnNotificationReceived', 1),
      'OnNotificationReceived',
      {
        notification: { id: 1 },
      },
    );
    await eventually(() => expect(received).toEqual([{ notification: { id: 1 } }]));
    await eventually(() => expect(errors).toHaveLength(1));
  });

  it('tracks presence by user: here, joining once for two tabs, leaving after the last tab', async () => {
    const chat = matchChatChannel(3);
    const alice = await connect(1);
    const events: string[] = [];
    const here = new Promise<Member[]>((resolve) => alice.echo.join(chat).here(resolve));
    alice.echo
      .join(chat)
      .joining((m: Member) => events.push(`joining ${m.id}`))
      .leaving((m: Member) => events.push(`leaving ${m.id}`));
    expect((await here).map((m) => m.id)).toEqual([1]);

    const bobTab1 = await connect(2);
    await new Promise((resolve) => bobTab1.echo.join(chat).here(resolve));
    await eventually(() => expect(events).toEqual(['joining 2']));

    const bobTab2 = await connect(2);
    const bobHere = await new Promise<Member[]>((resolve) => bobTab2.echo.join(chat).here(resolve));
    expect(bobHere.map((m) => m.id).sort()).toEqual([1, 2]);
    expect(bobHere.find((m) => m.id === 1)).toMatchObject({
      username: 'player1',
      formattedUsername: expect.stringContaining('player1') as string,
    });

    bobTab1.echo.leave(chat);
    // A round trip on the same socket proves the server has handled the leave before we look.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual(['joining 2']);
    bobTab2.pusher.disconnect();
    await eventually(() => expect(events).toEqual(['joining 2', 'leaving 2']));
  });

  it('leaves out the requester’s own socket, but not a socket of someone else named in X-Socket-ID', async () => {
    const chat = matchChatChannel(4);
    const alice = await connect(1);
    const bob = await connect(2);
    const seen = { alice: [] as string[], bob: [] as string[] };
    for (const [name, client] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      await new Promise((resolve) =>
        client.echo
          .join(chat)
          .here(resolve)
          .listen(echoEventName('OnMessageSend'), (p: { message: { message: string } }) =>
            seen[name].push(p.message.message),
          ),
      );
    }
    const send = (asUser: number, socketId: string, text: string) =>
      fetch(`${server.baseUrl}/test/publish`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-test-user': String(asUser),
          'x-socket-id': socketId,
        },
        body: JSON.stringify({
          channel: `presence-${chat}`,
          event: 'OnMessageSend',
          payload: { message: { message: text } },
        }),
      });

    expect((await send(1, alice.pusher.connection.socket_id, 'own tab skipped')).status).toBe(200);
    expect((await send(2, alice.pusher.connection.socket_id, 'foreign id ignored')).status).toBe(200);
    await eventually(() => expect(seen.bob).toEqual(['own tab skipped', 'foreign id ignored']));
    await eventually(() => expect(seen.alice).toEqual(['foreign id ignored']));
  });

  it('signs users in, and ends their sockets when they sign out', async () => {
    const { pusher } = await connect(5);
    pusher.signin();
    await eventually(() =>
      expect(server.app.realtime.socketBelongsTo(pusher.connection.socket_id, 5)).toBe(true),
    );
    const firstSocket = pusher.connection.socket_id;
    const codes: unknown[] = [];
    pusher.connection.bind('error', (error: { data?: { code?: number } }) => codes.push(error.data?.code));

    await server.app.realtime.disconnectUser(5);
    await eventually(() => expect(codes).toContain(4009));
    // Closed with 4200, so pusher-js comes back at once with a new (anonymous until signed in) socket.
    await eventually(() => {
      expect(pusher.connection.state).toBe('connected');
      expect(pusher.connection.socket_id).not.toBe(firstSocket);
    });
  });

  it('refuses to sign for the signed-out, for bad input and for public channels', async () => {
    const post = (body: string, user?: number) =>
      server.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(user ? { 'x-test-user': String(user) } : {}),
        },
        payload: body,
      });
    expect((await post('socket_id=1.2&channel_name=private-notification.1')).statusCode).toBe(401);
    expect((await post('socket_id=abc&channel_name=private-notification.1', 1)).statusCode).toBe(422);
    expect((await post('socket_id=1.2&channel_name=match-detail-update.1', 1)).statusCode).toBe(403);
    expect((await post('socket_id=1.2&channel_name=presence-other.1', 1)).statusCode).toBe(403);
    const presence = await post('socket_id=1.2&channel_name=presence-match-chat.9', 1);
    expect(presence.statusCode).toBe(200);
    const { channel_data } = presence.json<{ channel_data: string }>();
    expect(JSON.parse(channel_data)).toMatchObject({
      user_id: '1',
      user_info: { id: 1, username: 'player1' },
    });
    expect(Buffer.byteLength(channel_data)).toBeLessThan(1100);
  });

  it('tells the web app the key and that the socket is on the page’s own origin', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/realtime/config' });
    expect(response.json()).toEqual({
      data: expect.objectContaining({
        key: 'test-key',
        wsHost: null,
        wsPort: null,
        forceTLS: null,
      }) as unknown,
    });
  });
});
