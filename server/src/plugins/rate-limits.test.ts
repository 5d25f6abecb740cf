// Request limits through HTTP on two app instances sharing one database and one Redis: a limit used up on
// one instance holds on the other, parallel wrong passwords are counted before the password check, a forged
// X-Forwarded-For does not reset the per-address count, and every key lives under REDIS_KEY_PREFIX.
import { anticheatTokenAnswer } from '@versus/common/api/anticheat';
import { chatSendAnswer } from '@versus/common/api/chat';
import { messageAnswer } from '@versus/common/api/primitives';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../db/schema/index.ts';
import { CHAT_TEXTS } from '../modules/matches/index.ts';
import {
  expectAnswer,
  ladderMatch,
  REDIS_URL,
  redisDeployment,
  type RedisDeployment,
  type TestApp,
  type TestClient,
} from '../test/index.ts';

const ENV = {
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: '3',
  LOGIN_MAX_ATTEMPTS_PER_IP: '6',
  RATE_LIMIT_REGISTER: '1/3600',
  RATE_LIMIT_TEAM_CREATE: '1/3600',
  RATE_LIMIT_INVITATION: '1/3600',
  RATE_LIMIT_TOKEN_RENEWAL: '1/3600',
  RATE_LIMIT_HEARTBEAT: '1/60',
  RATE_LIMIT_UPLOAD: '1/60',
  RATE_LIMIT_CHAT: '2/3600',
};

let deployment: RedisDeployment | undefined;
let a: TestApp;
let b: TestApp;
let redis: Redis;
let PREFIX: string;

beforeAll(async () => {
  deployment = await redisDeployment({ env: ENV });
  [a, b] = deployment.instances as [TestApp, TestApp];
  PREFIX = deployment.prefix;
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await deployment?.close();
});

const login = (client: TestClient, username: string, password = 'wrong-password') =>
  client.post('/api/v1/auth/login', { username, password });

function expect429(res: { status: number; body: unknown; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: expect.stringMatching(/^Too many/) as string });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** Signs in on the given instance (each user from an address of its own). */
async function signedIn(t: TestApp, username: string, ip: string): Promise<TestClient> {
  const client = t.client(ip);
  expect((await login(client, username, 'password')).status).toBe(200);
  return client;
}

describe('rate limits across instances', () => {
  it('counts sign-in attempts per username on every instance, before the password check', async () => {
    expect((await login(a.client('10.50.0.1'), 'player3')).status).toBe(422);
    expect((await login(b.client('10.50.0.2'), 'player3')).status).toBe(422);
    expect((await login(a.client('10.50.0.3'), 'player3')).status).toBe(422);
    // The right password does not help once the username's attempts are used up, on either instance.
    expect429(await login(b.client('10.50.0.4'), 'player3', 'password'));

    // 30 parallel guesses on another username, spread over both instances: 3 get checked, 27 are refused.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login((i % 2 ? a : b).client(`10.51.0.${i}`), 'player4')),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
  });

  it('counts per address without trusting X-Forwarded-For (TRUST_PROXY unset)', async () => {
    const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });
    for (let i = 0; i < 6; i += 1) {
      const client = (i % 2 ? a : b).client('10.52.0.1');
      expect(
        (await client.post('/api/v1/auth/login', { username: `nobody${i}`, password: 'x' }, forged(i)))
          .status,
      ).toBe(422);
    }
    expect429(
      await a
        .client('10.52.0.1')
        .post('/api/v1/auth/login', { username: 'nobody9', password: 'x' }, forged(9)),
    );
    // Another address is unaffected.
    expect((await login(b.client('10.52.0.2'), 'nobody9')).status).toBe(422);
  });

  it('limits registration per address', async () => {
    const name = `reg${process.pid % 10_000}`;
    const first = await a.client('10.53.0.1').post('/api/v1/auth/register', {
      username: name,
      email: `${name}@example.test`,
      password: 'secret-password',
    });
    expect(first.status).toBe(201);
    expect429(
      await b.client('10.53.0.1').post('/api/v1/auth/register', {
        username: `${name}b`,
        email: `${name}b@example.test`,
        password: 'secret-password',
      }),
    );
  });

  it('limits team creation, invitations, token renewal, heartbeats and uploads per user', async () => {
    const onA = await signedIn(a, 'player1', '10.54.0.1');
    const onB = await signedIn(b, 'player1', '10.54.0.2');

    // player1 captains Red Dragons: the game lets them captain more, so only the request limit refuses.
    await a.app.db.update(games).set({ maxCaptainedTeams: 5 });
    expect((await onA.post('/api/v1/teams', { name: 'Limit Testers', tag: 'LIM' })).status).toBe(201);
    expect429(await onB.post('/api/v1/teams', { name: 'Limit Testers Two', tag: 'LI2' }));

    expect((await onA.post('/api/v1/teams/red-dragons/invitations', { username: 'player20' })).status).toBe(
      201,
    );
    expect429(await onB.post('/api/v1/teams/red-dragons/invitations', { username: 'player19' }));

    const renewed = await onA.post('/api/v1/anticheat/token');
    expect(renewed.status).toBe(200);
    expect429(await onB.post('/api/v1/anticheat/token'));

    const token = expectAnswer(renewed, anticheatTokenAnswer).data.token;
    const heartbeat = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/anticheat/client/heartbeat',
        headers: { authorization: `Bearer ${token}` },
        payload: { matchId: 1, inGameName: 'player1' },
      });
    expect((await heartbeat(a)).statusCode).toBeLessThan(429);
    const refused = await heartbeat(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();

    const avatar = (client: TestClient) =>
      client.request('POST', '/api/v1/users/me/avatar', 'not an image', { 'content-type': 'image/png' });
    expect((await avatar(onA)).status).toBe(422);
    expect429(await avatar(onB));
  });

  it('limits chat messages per user on every instance', async () => {
    const onA = await signedIn(a, 'player6', '10.55.0.1');
    const onB = await signedIn(b, 'player6', '10.55.0.2');
    const matchId = await ladderMatch(a.app, { challenger: onA, opponentSlug: 'silent-vipers' });
    const say = (client: TestClient, message: string) =>
      client.post('/api/v1/chat', { id: matchId, message });

    expect(expectAnswer(await say(onA, 'one'), chatSendAnswer, 201).data.message).toBe('one');
    expect(expectAnswer(await say(onB, 'two'), chatSendAnswer, 201).data.message).toBe('two');
    const refused = await say(onA, 'three');
    expect(expectAnswer(refused, messageAnswer, 429)).toEqual({ message: CHAT_TEXTS.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectAnswer(await say(onB, 'four'), messageAnswer, 429)).toEqual({ message: CHAT_TEXTS.tooMany });
    // Another player of the match has a count of their own.
    const opponent = await signedIn(b, 'player11', '10.55.0.3');
    expectAnswer(await say(opponent, 'hello'), chatSendAnswer, 201);
  });

  it('keeps every rate-limit key under REDIS_KEY_PREFIX', async () => {
    const keys = await redis.keys(`${PREFIX}rate-limit:*`);
    expect(keys).toEqual(expect.arrayContaining([`${PREFIX}rate-limit:loginUsername:player3`]));
    expect(await redis.keys('fastify-rate-limit-*')).toEqual([]);
    // The realtime service of both instances keeps its presence under the same prefix.
    expect(await redis.smembers(`${PREFIX}realtime:instances`)).toHaveLength(2);
  });
});
