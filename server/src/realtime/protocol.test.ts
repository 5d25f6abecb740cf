// The wire protocol seen by raw sockets: handshake, errors, limits, heartbeat, shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { channelAuthString, signAuth } from './signing.ts';
import { connectRaw } from './test-support/clients.ts';
import { eventually } from '../test/eventually.ts';
import type { RawClient } from './test-support/clients.ts';
import { startTestApp, TEST_ORIGIN, TEST_PUSHER } from './test-support/test-app.ts';
import type { TestApp } from './test-support/test-app.ts';

const sign = (socketId: string, channel: string) =>
  signAuth(TEST_PUSHER.key, TEST_PUSHER.secret, channelAuthString(socketId, channel));

async function established(client: RawClient): Promise<string> {
  const { data } = await client.next('pusher:connection_established');
  return (data as { socket_id: string }).socket_id;
}

async function subscribePrivate(client: RawClient, socketId: string, channel: string): Promise<void> {
  client.send({ event: 'pusher:subscribe', data: { channel, auth: sign(socketId, channel) } });
  await client.next('pusher_internal:subscription_succeeded');
}

describe.skipIf(process.env.TEST_DB === 'postgres')('realtime: protocol 7 on raw sockets', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({
      pusher: { clientEvents: true, maxPresenceMembers: 2 },
      tuning: { maxSubscriptionsPerSocket: 3, maxSendBufferBytes: 64 * 1024 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('greets with a random numeric socket id and a 30 s activity timeout, and answers pings', async () => {
    const client = await connectRaw(server.port);
    const { data } = await client.next('pusher:connection_established');
    expect(data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/) as string, activity_timeout: 30 });
    client.send({ event: 'pusher:ping', data: {} });
    await client.next('pusher:pong');
    client.ws.close();
  });

  it.each([
    ['/app/wrong-key?protocol=7', 4001],
    [`/app/${TEST_PUSHER.key}`, 4008],
    [`/app/${TEST_PUSHER.key}?protocol=6`, 4007],
  ])('refuses %s with pusher:error and close code %i', async (path, code) => {
    const client = await connectRaw(server.port, path);
    expect((await client.next('pusher:error')).data).toMatchObject({ code });
    expect((await client.closed).code).toBe(code);
  });

  it('refuses browser origins other than the app’s', async () => {
    await expect(connectRaw(server.port, undefined, 'https://evil.example')).rejects.toThrow(/403/);
    const allowed = await connectRaw(server.port, undefined, TEST_ORIGIN);
    await established(allowed);
    allowed.ws.close();
  });

  it('answers malformed, oversize and unknown frames with pusher:error and keeps serving everyone', async () => {
    const bad = await connectRaw(server.port);
    const bystander = await connectRaw(server.port);
    await established(bad);
    await established(bystander);
    bystander.send({ event: 'pusher:subscribe', data: { channel: 'match-detail-update.1' } });
    await bystander.next('pusher_internal:subscription_succeeded');

    for (const frame of [
      '{not json',
      JSON.stringify({ event: 'pusher:nonsense' }),
      'x'.repeat(70 * 1024),
      '42',
    ]) {
      bad.send(frame);
      expect((await bad.next('pusher:error')).data).toMatchObject({ code: null });
    }
    bad.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    await bad.next('pusher:error');
    // Still usable after all of that.
    bad.send({ event: 'pusher:subscribe', data: { channel: 'match-detail-update.1' } });
    await bad.next('pusher_internal:subscription_succeeded');

    // A frame beyond the hard bound is never buffered: the socket is closed with 1009.
    bad.send('x'.repeat(200 * 1024));
    expect((await bad.closed).code).toBe(1009);

    await server.app.broadcaster.publish('match-detail-update.1', 'MatchDetailUpdate', { matchId: 1 });
    expect((await bystander.next('MatchDetailUpdate')).data).toEqual({ matchId: 1 });
    bystander.ws.close();
  });

  it('refuses private channels without a valid signature, and caps subscriptions', async () => {
    const client = await connectRaw(server.port);
    const socketId = await established(client);
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-notification.1', auth: 'test-key:00' },
    });
    expect((await client.next('pusher:subscription_error')).channel).toBe('private-notification.1');
    // A signature for another socket is no good either.
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-notification.1', auth: sign('1.1', 'private-notification.1') },
    });
    await client.next('pusher:subscription_error');

    await subscribePrivate(client, socketId, 'private-notification.1');
    for (const channel of ['a', 'b']) {
      client.send({ event: 'pusher:subscribe', data: { channel } });
      await client.next('pusher_internal:subscription_succeeded');
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 'c' } });
    expect((await client.next('pusher:subscription_error')).data).toMatchObject({ type: 'LimitReached' });
    client.ws.close();
  });

  it('relays client events on private channels to the others, 10 per second at most', async () => {
    const sender = await connectRaw(server.port);
    const receiver = await connectRaw(server.port);
    const senderId = await established(sender);
    const receiverId = await established(receiver);
    // Public channels never carry client events.
    sender.send({ event: 'pusher:subscribe', data: { channel: 'open' } });
    await sender.next('pusher_internal:subscription_succeeded');
    sender.send({ event: 'client-typing', channel: 'open', data: {} });
    await sender.next('pusher:error');

    await subscribePrivate(sender, senderId, 'private-room');
    await subscribePrivate(receiver, receiverId, 'private-room');
    for (let i = 0; i < 11; i++)
      sender.send({ event: 'client-typing', channel: 'private-room', data: { i } });
    expect((await sender.next('pusher:error')).data).toMatchObject({ code: 4301 });
    await eventually(() =>
      expect(receiver.messages.filter((m) => m.event === 'client-typing')).toHaveLength(10),
    );
    expect(sender.messages.some((m) => m.event === 'client-typing')).toBe(false);
    expect(sender.ws.readyState).toBe(WebSocket.OPEN);
    sender.ws.close();
    receiver.ws.close();
  });

  it('refuses presence members beyond the configured cap', async () => {
    const channel = 'presence-match-chat.77';
    const join = async (userId: number) => {
      const client = await connectRaw(server.port);
      const socketId = await established(client);
      const channelData = JSON.stringify({ user_id: String(userId), user_info: { id: userId } });
      const auth = signAuth(
        TEST_PUSHER.key,
        TEST_PUSHER.secret,
        channelAuthString(socketId, channel, channelData),
      );
      client.send({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } });
      return client;
    };
    const clients = [await join(1), await join(2), await join(3)];
    await clients[0]!.next('pusher_internal:subscription_succeeded');
    await clients[1]!.next('pusher_internal:subscription_succeeded');
    expect((await clients[2]!.next('pusher:subscription_error')).data).toMatchObject({
      type: 'LimitReached',
    });
    for (const client of clients) client.ws.close();
  });

  it('drops a consumer that stops reading instead of buffering without bound', async () => {
    const slow = await connectRaw(server.port);
    await established(slow);
    slow.send({ event: 'pusher:subscribe', data: { channel: 'firehose' } });
    await slow.next('pusher_internal:subscription_succeeded');
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const payload = { blob: 'y'.repeat(9000) };
    for (let i = 0; i < 3000 && slow.ws.readyState === WebSocket.OPEN; i++) {
      await server.app.broadcaster.publish('firehose', 'Blob', payload);
      if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect((await slow.closed).code).toBe(1006);
  });

  it('refuses event data over 10 KB from the server side too', async () => {
    await expect(
      server.app.broadcaster.publish('match-detail-update.1', 'MatchDetailUpdate', {
        blob: 'z'.repeat(11 * 1024),
      }),
    ).rejects.toThrow(/limit/);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('realtime: heartbeat and shutdown', () => {
  it('pings idle sockets, closes the silent ones with 4201 and everyone with 4200 on shutdown', async () => {
    const server = await startTestApp({
      tuning: { activityTimeoutSeconds: 1, pongTimeoutMs: 300, heartbeatSweepMs: 100 },
    });
    const silent = await connectRaw(server.port);
    const lively = await connectRaw(server.port);
    await established(silent);
    await established(lively);
    lively.ws.on('message', (raw: Buffer) => {
      if (raw.toString().includes('"pusher:ping"')) lively.send({ event: 'pusher:pong', data: {} });
    });
    expect((await silent.closed).code).toBe(4201);
    expect(lively.messages.some((m) => m.event === 'pusher:ping')).toBe(true);
    expect(lively.ws.readyState).toBe(WebSocket.OPEN);

    await server.close();
    expect((await lively.closed).code).toBe(4200);
  });

  it('refuses client events unless enabled', async () => {
    const server = await startTestApp();
    const client = await connectRaw(server.port);
    const socketId = await established(client);
    await subscribePrivate(client, socketId, 'private-room');
    client.send({ event: 'client-typing', channel: 'private-room', data: {} });
    expect((await client.next('pusher:error')).data).toMatchObject({
      message: expect.stringMatching(/not enabled/) as string,
    });
    client.ws.close();
    await server.close();
  });
});
