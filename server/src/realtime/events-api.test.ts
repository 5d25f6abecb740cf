// The Pusher HTTP events API on the embedded service, driven by the `pusher` server SDK, and the
// external back end (an app whose PUSHER_HOST points at another instance's embedded service).
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from './signing.ts';
import { connectPusher, connectRaw, echoFor, postEvents } from './test-support/clients.ts';
import { eventually } from '../test/eventually.ts';
import { startTestApp, TEST_PUSHER } from './test-support/test-app.ts';
import type { TestApp } from './test-support/test-app.ts';

describe.skipIf(process.env.TEST_DB === 'postgres')('realtime: HTTP events API and external back end', () => {
  let service: TestApp;
  let sdk: Pusher;

  const sdkWith = (secret: string) =>
    new Pusher({
      appId: TEST_PUSHER.appId,
      key: TEST_PUSHER.key,
      secret,
      host: '127.0.0.1',
      port: String(service.port),
      useTLS: false,
    });

  /** A subscribed raw client on a public channel. */
  const listener = async (channel: string) => {
    const client = await connectRaw(service.port);
    const { data } = await client.next('pusher:connection_established');
    const socketId = (data as { socket_id: string }).socket_id;
    client.send({ event: 'pusher:subscribe', data: { channel } });
    await client.next('pusher_internal:subscription_succeeded');
    return Object.assign(client, { socketId });
  };

  /** Signs a request by hand so single fields can be wrong. */
  const signedPost = (body: string, overrides: { timestamp?: number; bodyMd5?: string } = {}) =>
    postEvents(service.baseUrl, TEST_PUSHER, body, overrides);

  beforeAll(async () => {
    service = await startTestApp();
    sdk = sdkWith(TEST_PUSHER.secret);
  });
  afterAll(async () => {
    await service.close();
  });

  it('accepts events and batches signed by the SDK', async () => {
    const client = await listener('match-map-veto.5');
    const response = await sdk.trigger(['match-map-veto.5', 'elsewhere'], 'OnMatchMapChange', {
      match: { id: 5 },
    });
    expect(response.status).toBe(200);
    expect((await client.next('OnMatchMapChange')).data).toEqual({ match: { id: 5 } });

    await sdk.triggerBatch([
      { channel: 'match-map-veto.5', name: 'First', data: { n: 1 } },
      { channel: 'match-map-veto.5', name: 'Second', data: { n: 2 } },
    ]);
    expect((await client.next('First')).data).toEqual({ n: 1 });
    expect((await client.next('Second')).data).toEqual({ n: 2 });
    client.ws.close();
  });

  it('honours socket_id from the SDK (the caller holds the secret)', async () => {
    const a = await listener('match-detail-add-sub.5');
    const b = await listener('match-detail-add-sub.5');
    await sdk.trigger('match-detail-add-sub.5', 'Skipped', { n: 1 }, { socket_id: a.socketId });
    await sdk.trigger('match-detail-add-sub.5', 'After', { n: 2 });
    await b.next('Skipped');
    // Frames on one socket arrive in order, so once "After" is in, "Skipped" would have been too.
    await a.next('After');
    expect(a.messages.some((m) => m.event === 'Skipped')).toBe(false);
    a.ws.close();
    b.ws.close();
  });

  it('refuses a bad signature, a stale timestamp and a wrong body MD5 with 401', async () => {
    await expect(sdkWith('wrong-secret').trigger('x', 'E', {})).rejects.toMatchObject({ status: 401 });
    const body = JSON.stringify({ name: 'E', channels: ['x'], data: '{}' });
    expect((await signedPost(body)).status).toBe(200);
    expect((await signedPost(body, { timestamp: Math.floor(Date.now() / 1000) - 601 })).status).toBe(401);
    expect((await signedPost(body, { bodyMd5: md5Hex('something else') })).status).toBe(401);
    const tooBig = JSON.stringify({ name: 'E', channels: ['x'], data: 'x'.repeat(11 * 1024) });
    expect((await signedPost(tooBig)).status).toBe(413);
    expect((await signedPost(JSON.stringify({ name: 'E', channels: ['bad name'], data: '{}' }))).status).toBe(
      400,
    );
  });

  it('hands fan-out to an external service over the HTTP API, excluding only the requester’s socket', async () => {
    // The app under test publishes through the SDK to `service`, as it would to any Pusher-compatible host.
    const app = await startTestApp({
      pusher: { host: '127.0.0.1', port: service.port, scheme: 'http' },
    });
    try {
      const config = await app.app.inject({ method: 'GET', url: '/api/v1/realtime/config' });
      expect(config.json()).toMatchObject({
        data: { wsHost: '127.0.0.1', wsPort: service.port, forceTLS: false },
      });

      // Clients connect to the external service but are authorised by the app (its /broadcasting/auth).
      const alice = await connectPusher(service.port, 1, app.baseUrl);
      const bob = await connectPusher(service.port, 2, app.baseUrl);
      const seen = { alice: [] as number[], bob: [] as number[] };
      for (const [name, client] of [
        ['alice', alice],
        ['bob', bob],
      ] as const) {
        await new Promise((resolve) =>
          echoFor(client)
            .join('match-chat.8')
            .here(resolve)
            .listen('.OnMessageSend', (p: { n: number }) => seen[name].push(p.n)),
        );
      }
      const send = (asUser: number, socketId: string, n: number) =>
        fetch(`${app.baseUrl}/test/publish`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-test-user': String(asUser),
            'x-socket-id': socketId,
          },
          body: JSON.stringify({ channel: 'presence-match-chat.8', event: 'OnMessageSend', payload: { n } }),
        });
      expect((await send(1, alice.connection.socket_id, 1)).status).toBe(200);
      expect((await send(2, alice.connection.socket_id, 2)).status).toBe(200);
      await eventually(() => expect(seen.bob).toEqual([1, 2]));
      await eventually(() => expect(seen.alice).toEqual([2]));
      alice.disconnect();
      bob.disconnect();
    } finally {
      await app.close();
    }
  });
});
