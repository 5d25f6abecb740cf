// Two deployments sharing one Redis under different REDIS_KEY_PREFIX values: deployment X runs two instances
// (one prefix), deployment Y one instance (another prefix). An event published on X reaches X's other
// instance but never Y's sockets, and a limit used up on X leaves Y's count alone.
import { messageAnswer } from '@versus/common/api/primitives';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRaw, postEvents, type RawClient } from './realtime/test-support/clients.ts';
import { expectAnswer, redisDeployment, type RedisDeployment, type TestApp } from './test/index.ts';

const RUN = `${String(process.pid)}:${randomBytes(4).toString('hex')}`;
const PREFIX_X = `versus-test-x:${RUN}:`;
const PREFIX_Y = `versus-test-y:${RUN}:`;
const LIMITS = { LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1', LOGIN_MAX_ATTEMPTS_PER_IP: '100' };

let x1: TestApp;
let x2: TestApp;
let y: TestApp;
const ports = new Map<TestApp, number>();

async function listen(t: TestApp): Promise<void> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  ports.set(t, typeof address === 'object' && address ? address.port : 0);
}

let deployments: RedisDeployment[] = [];

beforeAll(async () => {
  const x = await redisDeployment({ seed: false, env: LIMITS, prefix: PREFIX_X });
  const other = await redisDeployment({ seed: false, env: LIMITS, prefix: PREFIX_Y, instances: 1 });
  deployments = [x, other];
  [x1, x2] = x.instances as [TestApp, TestApp];
  [y] = other.instances as [TestApp];
  for (const t of [x1, x2, y]) await listen(t);
});
afterAll(async () => {
  for (const deployment of deployments) await deployment.close();
});

/** A raw socket on `t` subscribed to a public channel. */
async function listener(t: TestApp, channel: string): Promise<RawClient> {
  const socket = await connectRaw(ports.get(t) ?? 0, `/app/${t.config.pusher.key}?protocol=7`);
  await socket.next('pusher:connection_established');
  socket.send({ event: 'pusher:subscribe', data: { channel } });
  await socket.next('pusher_internal:subscription_succeeded');
  return socket;
}

/** Publishes through `t`'s HTTP events API, signed with its (test) credentials. */
async function publish(t: TestApp, channel: string, name: string): Promise<number> {
  const body = JSON.stringify({ name, channel, data: '{}' });
  return (await postEvents(`http://127.0.0.1:${String(ports.get(t))}`, t.config.pusher, body)).status;
}

describe('deployments sharing one Redis', () => {
  it('an event of one deployment reaches its other instance, never the other deployment', async () => {
    // Same app credentials and channel name everywhere: only the prefix keeps them apart.
    expect(y.config.pusher.key).toBe(x1.config.pusher.key);
    const onX2 = await listener(x2, 'shared-channel');
    const onY = await listener(y, 'shared-channel');

    expect(await publish(x1, 'shared-channel', 'FromX')).toBe(200);
    expect((await onX2.next('FromX')).channel).toBe('shared-channel');
    expect(await publish(y, 'shared-channel', 'FromY')).toBe(200);
    expect((await onY.next('FromY')).channel).toBe('shared-channel');
    // Y's own event arrived after X's would have: X's never came.
    expect(onY.messages.map((m) => m.event)).not.toContain('FromX');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onX2.messages.map((m) => m.event)).not.toContain('FromY');
    onX2.ws.close();
    onY.ws.close();
  });

  it('counts request limits per deployment', async () => {
    const login = (t: TestApp, ip: string) =>
      t.client(ip).post('/api/v1/auth/login', { username: 'shared-name', password: 'wrong-password' });
    expect((await login(x1, '10.70.0.1')).status).toBe(422);
    expect(expectAnswer(await login(x2, '10.70.0.2'), messageAnswer, 429).message).toMatch(/^Too many/);
    // The same username on the other deployment has its own count.
    expect((await login(y, '10.70.0.3')).status).toBe(422);
    expect((await login(y, '10.70.0.4')).status).toBe(429);
  });
});
