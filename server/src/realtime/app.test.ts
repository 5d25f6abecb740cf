// The realtime endpoints inside the real application: session cookie, CSRF rule, and sign-out.
import { authUserAnswer } from '@versus/common/api/auth';
import { channelAuthAnswer, realtimeConfigAnswer } from '@versus/common/api/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp } from '../test/index.ts';
import { connectRaw } from './test-support/clients.ts';

describe('realtime in the application', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false, clock: 'real' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('signs presence subscriptions for the session’s user behind the CSRF rule, and signing out ends the sockets', async () => {
    const client = t.client();
    const username = `rt_${process.pid % 1000}`;
    const registered = await client.post('/api/v1/auth/register', {
      username,
      email: `${username}@example.test`,
      password: 'secret-password',
    });
    expectAnswer(registered, authUserAnswer, 201);

    const socket = await connectRaw(port, `/app/${t.config.pusher.key}?protocol=7`);
    const { data } = await socket.next('pusher:connection_established');
    const socketId = (data as { socket_id: string }).socket_id;
    const body = `socket_id=${socketId}&channel_name=presence-match-chat.1`;

    // Without the XSRF header the API refuses, like any other state-changing call.
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...form, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: body,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await t.client().post('/broadcasting/auth', body, form)).status).toBe(401);

    const signed = await client.post('/broadcasting/auth', body, form);
    const { auth, channel_data } = expectAnswer(signed, channelAuthAnswer);
    expect(JSON.parse(channel_data ?? '')).toMatchObject({ user_info: { username } });
    socket.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-match-chat.1', auth, channel_data },
    });
    await socket.next('pusher_internal:subscription_succeeded');

    expect((await client.post('/api/v1/auth/logout')).status).toBe(204);
    expect((await socket.next('pusher:error')).data).toMatchObject({ code: 4009 });
    expect((await socket.closed).code).toBe(4200);
  });

  it('serves the client configuration', async () => {
    const response = await t.client().get('/api/v1/realtime/config');
    expect(expectAnswer(response, realtimeConfigAnswer).data).toMatchObject({
      key: t.config.pusher.key,
      wsHost: null,
    });
  });
});
