// Sessions that end: sign-out, a password change and "sign out everywhere" are refused on the next request
// on every instance (two instances over Redis sharing one database), and their sockets are closed; the
// XSRF token rotates at sign-in.
import { authUserAnswer } from '@versus/common/api/auth';
import { messageAnswer } from '@versus/common/api/primitives';
import { passwordAnswer } from '@versus/common/api/users';
import { channelAuthAnswer } from '@versus/common/api/realtime';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRaw } from '../../realtime/test-support/clients.ts';
import type { RawClient } from '../../realtime/test-support/clients.ts';
import {
  expectAnswer,
  redisDeployment,
  TestClient,
  type RedisDeployment,
  type TestApp,
} from '../../test/index.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let deployment: RedisDeployment | undefined;
let a: TestApp;
let b: TestApp;
let counter = 0;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The same browser (cookies) talking to another instance. */
function sameBrowserOn(app: FastifyInstance, client: TestClient): TestClient {
  const other = new TestClient(app, '10.9.0.1');
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

async function newAccount(): Promise<{ username: string; password: string }> {
  counter += 1;
  const username = `ses_${String(process.pid % 1000)}_${String(counter)}`;
  const password = 'secret-password';
  const res = await a.client('10.8.0.1').post('/api/v1/auth/register', {
    username,
    email: `${username}@example.test`,
    password,
  });
  expectAnswer(res, authUserAnswer, 201);
  return { username, password };
}

async function signInOn(t: TestApp, account: { username: string; password: string }, ip: string) {
  const client = t.client(ip);
  expectAnswer(await client.post('/api/v1/auth/login', account), authUserAnswer);
  return client;
}

/** A raw socket on `port` subscribed to the user's presence channel, signed through `client`'s session. */
async function socketFor(port: number, key: string, client: TestClient): Promise<RawClient> {
  const socket = await connectRaw(port, `/app/${key}?protocol=7`);
  const { data } = await socket.next('pusher:connection_established');
  const socketId = (data as { socket_id: string }).socket_id;
  const channel = 'presence-match-chat.1';
  const signed = await client.post(
    '/broadcasting/auth',
    `socket_id=${socketId}&channel_name=${channel}`,
    FORM,
  );
  const { auth, channel_data } = expectAnswer(signed, channelAuthAnswer);
  socket.send({ event: 'pusher:subscribe', data: { channel, auth, channel_data } });
  await socket.next('pusher_internal:subscription_succeeded');
  return socket;
}

async function expectSignedOut(client: TestClient): Promise<void> {
  const me = await client.get('/api/v1/auth/me');
  expect(expectAnswer(me, messageAnswer, 401)).toEqual({ message: 'Unauthenticated.' });
}

async function expectSignedIn(client: TestClient, username: string): Promise<void> {
  expect(expectAnswer(await client.get('/api/v1/auth/me'), authUserAnswer).data.username).toBe(username);
}

let portA: number;
let portB: number;

beforeAll(async () => {
  // A long cache lifetime: only the invalidation can make these tests pass.
  deployment = await redisDeployment({ seed: false, env: { SESSION_CACHE_TTL_MS: '600000' } });
  [a, b] = deployment.instances as [TestApp, TestApp];
  portA = await listen(a.app);
  portB = await listen(b.app);
});
afterAll(async () => {
  await deployment?.close();
});

describe('sessions on two instances over Redis', () => {
  it('a signed-out session is refused on the next request on every instance, and its sockets close', async () => {
    const account = await newAccount();
    const onA = await signInOn(a, account, '10.8.1.1');
    const onB = sameBrowserOn(b.app, onA);
    // Both instances have the session cached now.
    await expectSignedIn(onA, account.username);
    await expectSignedIn(onB, account.username);
    // A socket on B, signed through A; another session of the same user keeps its socket.
    const socket = await socketFor(portB, a.config.pusher.key, onA);
    const other = await signInOn(b, account, '10.8.1.2');
    const otherSocket = await socketFor(portA, b.config.pusher.key, other);

    expect((await onA.post('/api/v1/auth/logout')).status).toBe(204);
    await expectSignedOut(onB);
    await expectSignedOut(sameBrowserOn(a.app, onB));
    expect((await socket.next('pusher:error')).data).toMatchObject({ code: 4009 });
    expect((await socket.closed).code).toBe(4200);

    await expectSignedIn(other, account.username);
    await expectSignedIn(sameBrowserOn(a.app, other), account.username);
    expect(otherSocket.ws.readyState).toBe(otherSocket.ws.OPEN);
    otherSocket.ws.close();
  });

  it('a password change ends every other session and its sockets, and keeps this one', async () => {
    const account = await newAccount();
    const mine = await signInOn(a, account, '10.8.2.1');
    const phone = await signInOn(b, account, '10.8.2.2');
    const laptop = await signInOn(a, account, '10.8.2.3');
    for (const c of [mine, phone, laptop]) await expectSignedIn(c, account.username);
    for (const c of [mine, phone, laptop]) await expectSignedIn(sameBrowserOn(b.app, c), account.username);
    const mySocket = await socketFor(portA, a.config.pusher.key, mine);
    const phoneSocket = await socketFor(portA, a.config.pusher.key, phone);
    const laptopSocket = await socketFor(portB, a.config.pusher.key, laptop);

    const changed = await mine.post('/api/v1/users/me/password', {
      currentPassword: account.password,
      password: 'a-new-password',
    });
    expect(expectAnswer(changed, passwordAnswer).message).toBe('Your password has been changed.');

    for (const c of [phone, laptop]) {
      await expectSignedOut(c);
      await expectSignedOut(sameBrowserOn(b.app, c));
    }
    for (const s of [phoneSocket, laptopSocket]) expect((await s.closed).code).toBe(4200);
    await expectSignedIn(mine, account.username);
    await expectSignedIn(sameBrowserOn(b.app, mine), account.username);
    expect(mySocket.ws.readyState).toBe(mySocket.ws.OPEN);
    mySocket.ws.close();

    // The new password works, and the changed row (its hash) is what every instance now checks against.
    const again = await sameBrowserOn(b.app, mine).post('/api/v1/users/me/password', {
      currentPassword: 'a-new-password',
      password: 'third-password',
    });
    expectAnswer(again, passwordAnswer);
  });

  it('"sign out everywhere" ends every session of the user, this one included, and their sockets', async () => {
    const account = await newAccount();
    const here = await signInOn(a, account, '10.8.3.1');
    const there = await signInOn(b, account, '10.8.3.2');
    const bystander = await newAccount();
    const someoneElse = await signInOn(b, bystander, '10.8.3.3');
    for (const c of [here, there]) await expectSignedIn(sameBrowserOn(b.app, c), account.username);
    const thereSocket = await socketFor(portB, b.config.pusher.key, there);

    const res = await here.post('/api/v1/auth/logout-everywhere');
    expect(res.status).toBe(204);
    expect(here.cookies.has('versus_session')).toBe(false);
    for (const c of [here, there]) {
      await expectSignedOut(sameBrowserOn(a.app, c));
      await expectSignedOut(sameBrowserOn(b.app, c));
    }
    expect((await thereSocket.closed).code).toBe(4200);
    await expectSignedIn(someoneElse, bystander.username);

    // Signed out: 401, and nothing to end.
    expect(expectAnswer(await here.post('/api/v1/auth/logout-everywhere'), messageAnswer, 401)).toEqual({
      message: 'Unauthenticated.',
    });
  });

  it('settings changes show on every instance at once', async () => {
    const account = await newAccount();
    const onA = await signInOn(a, account, '10.8.4.1');
    const onB = sameBrowserOn(b.app, onA);
    await expectSignedIn(onB, account.username);
    expect((await onA.patch('/api/v1/users/me', { flag: 'se' })).status).toBe(200);
    expect(expectAnswer(await onB.get('/api/v1/auth/me'), authUserAnswer).data.flag).toBe('se');
  });
});

describe('the XSRF token at sign-in', () => {
  it('rotates, and the token read before signing in is refused after', async () => {
    const account = await newAccount();
    const client = a.client('10.8.5.1');
    await client.get('/api/v1/health');
    const before = client.cookies.get('XSRF-TOKEN') ?? '';
    expect(before).not.toBe('');
    expectAnswer(await client.post('/api/v1/auth/login', account), authUserAnswer);
    const after = client.cookies.get('XSRF-TOKEN') ?? '';
    expect(after).not.toBe('');
    expect(after).not.toBe(before);

    const stale = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': before,
      },
    });
    expect(stale.statusCode).toBe(419);
    await expectSignedIn(client, account.username);
  });
});
