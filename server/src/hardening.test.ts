// Safe defaults, HTTP timeouts and the per-address WebSocket cap, through the real app and a real socket.
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { createTeamAnswer } from '@versus/common/api/teams';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { channelAuthString, signAuth } from './realtime/signing.ts';
import { connectRaw, postEvents } from './realtime/test-support/clients.ts';
import { buildTestApp, expectAnswer, type TestApp } from './test/index.ts';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'versus-config-'));
}

describe('safe defaults', () => {
  it('listens on loopback unless production, and production keeps refusing missing realtime secrets', () => {
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(dev.host).toBe('127.0.0.1');
    expect(dev.loopback).toBe(true);
    expect(dev.matches.devEndpoints).toBe(true);
    expect(dev.trustProxy).toBe(false);

    const lan = loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', DATA_DIR: tempDir() });
    expect(lan.loopback).toBe(false);
    expect(lan.matches.devEndpoints).toBe(false);

    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUSHER_APP_ID/);
    const prod = loadConfig({
      NODE_ENV: 'production',
      PUSHER_APP_ID: 'a',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
    });
    expect(prod.host).toBe('0.0.0.0');
    expect(prod.pusher).toMatchObject({ appId: 'a', key: 'k', secret: 's' });
  });

  it('refuses EFFECTS_AFTER_COMMIT=defer in production, and any value but run or defer', () => {
    const secrets = { PUSHER_APP_ID: 'a', PUSHER_KEY: 'k', PUSHER_SECRET: 's' };
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).effects.afterCommit).toBe('run');
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, EFFECTS_AFTER_COMMIT: 'defer' })).toThrow(
      /EFFECTS_AFTER_COMMIT=defer is for tests only/,
    );
    expect(loadConfig({ NODE_ENV: 'test', EFFECTS_AFTER_COMMIT: 'defer' }).effects.afterCommit).toBe('defer');
    expect(() => loadConfig({ NODE_ENV: 'test', EFFECTS_AFTER_COMMIT: 'later' })).toThrow(/run or defer/);
  });

  it('generates realtime credentials on the first start, keeps them in DATA_DIR, and never uses a published one', () => {
    const dataDir = tempDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).pusher;
    expect(first.secret).not.toBe('versus-dev-secret');
    expect(first.secret.length).toBeGreaterThanOrEqual(40);
    expect(fs.existsSync(path.join(dataDir, 'realtime-credentials.json'))).toBe(true);
    const again = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).pusher;
    expect(again).toMatchObject({ appId: first.appId, key: first.key, secret: first.secret });
    const other = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() }).pusher;
    expect(other.secret).not.toBe(first.secret);
  });

  it('reads TRUST_PROXY as a hop count or addresses, and refuses "true"', () => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/hop count/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const t = await buildTestApp({
      seed: false,
      env: { TRUST_PROXY: '1', LOGIN_MAX_ATTEMPTS_PER_IP: '2', LOGIN_MAX_ATTEMPTS_PER_USERNAME: '100' },
    });
    try {
      const attempt = (forwardedFor: string) =>
        t.client('10.60.0.1').post(
          '/api/v1/auth/login',
          { username: 'nobody', password: 'x' },
          {
            'x-forwarded-for': forwardedFor,
          },
        );
      // Behind one trusted proxy each forwarded address is its own client...
      for (let i = 0; i < 4; i += 1) expect((await attempt(`203.0.113.${i}`)).status).toBe(422);
      // ...and one of them is limited on its own.
      expect((await attempt('203.0.113.0')).status).toBe(422);
      expect((await attempt('203.0.113.0')).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('refuses the formerly published realtime secret over WebSocket and the events API', async () => {
    // A development start without PUSHER_* settings, as `npm start` runs it.
    const t = await buildTestApp({
      seed: false,
      clock: 'real',
      env: { NODE_ENV: 'development', DATA_DIR: tempDir(), GAME_SERVER_PROVIDER: 'simulated' },
    });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const { appId, key, secret } = t.config.pusher;
      expect(key).not.toBe('versus-key');
      expect(secret).not.toBe('versus-dev-secret');

      // The old public key names no app.
      const oldKey = await connectRaw(port, '/app/versus-key?protocol=7');
      expect((await oldKey.next('pusher:error')).data).toMatchObject({ code: 4001 });

      // An anonymous socket signing a private channel with the published secret is refused...
      const socket = await connectRaw(port, `/app/${key}?protocol=7`);
      const { data } = await socket.next('pusher:connection_established');
      const socketId = (data as { socket_id: string }).socket_id;
      const channel = 'private-notification.1';
      const forged = signAuth(key, 'versus-dev-secret', channelAuthString(socketId, channel));
      socket.send({ event: 'pusher:subscribe', data: { channel, auth: forged } });
      expect((await socket.next('pusher:subscription_error')).channel).toBe(channel);
      // ...where the generated secret (which only the server holds) is accepted.
      const genuine = signAuth(key, secret, channelAuthString(socketId, channel));
      socket.send({ event: 'pusher:subscribe', data: { channel, auth: genuine } });
      expect((await socket.next('pusher_internal:subscription_succeeded')).channel).toBe(channel);

      // The events API: a request signed with the published secret is refused, with the real one accepted.
      const body = JSON.stringify({ name: 'Forged', channel, data: '{}' });
      const publish = (signingSecret: string) =>
        postEvents(`http://127.0.0.1:${String(port)}`, { appId, key, secret: signingSecret }, body);
      expect((await publish('versus-dev-secret')).status).toBe(401);
      expect(socket.messages.some((m) => m.event === 'Forged')).toBe(false);
      expect((await publish(secret)).status).toBe(200);
      expect((await socket.next('Forged')).channel).toBe(channel);
      socket.ws.close();
      oldKey.ws.close();
    } finally {
      await t.close();
    }
  });

  it('serves the dev scenario endpoint neither in production on loopback', async () => {
    const t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PUSHER_APP_ID: 'a',
        PUSHER_KEY: 'k',
        PUSHER_SECRET: 's',
        GAME_SERVER_PROVIDER: 'simulated',
      },
    });
    try {
      const admin = await t.signIn('admin');
      expect((await admin.post('/api/v1/dev/scenarios/ladder-veto')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('serves the dev scenario endpoint only on loopback', async () => {
    const t = await buildTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      const admin = await t.signIn('admin');
      const res = await admin.post('/api/v1/dev/scenarios/ladder-veto');
      expect(res.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/** Opens a raw TCP connection to the app and resolves with everything it received until closed. */
function rawExchange(
  port: number,
  send: (socket: net.Socket) => void,
): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => send(socket));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
  });
}

describe('timeouts and caps', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      clock: 'real',
      env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '800', WS_MAX_CONNECTIONS_PER_ADDRESS: '2' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a request whose headers trickle in with 408', async () => {
    const { text, ms } = await rawExchange(port, (socket) => {
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
      const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
      socket.on('close', () => clearInterval(timer));
    });
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5000);
  });

  it('closes a request whose body trickles in with 408', async () => {
    const { text, ms } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nCookie: XSRF-TOKEN=abc\r\nX-XSRF-TOKEN: abc\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const timer = setInterval(() => socket.writable && socket.write(' '), 300);
      socket.on('close', () => clearInterval(timer));
    });
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(6000);
  });

  it('caps WebSockets per address and closes the next one with 4102', async () => {
    const path = `/app/${t.config.pusher.key}?protocol=7`;
    const first = await connectRaw(port, path);
    const second = await connectRaw(port, path);
    await first.next('pusher:connection_established');
    await second.next('pusher:connection_established');
    const third = await connectRaw(port, path);
    const error = await third.next('pusher:error');
    expect(error.data).toMatchObject({ code: 4102, message: 'Too many connections from this address' });
    expect((await third.closed).code).toBe(4102);
    // A socket that leaves frees its place.
    first.ws.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connectRaw(port, path);
    await again.next('pusher:connection_established');
    second.ws.close();
    again.ws.close();
  });
});

describe('security headers', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    https = await buildTestApp({ seed: false, env: { APP_URL: 'https://versus.example' } });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  it('sends nosniff, framing refusal and no-store on signed-in JSON; HSTS only under https', async () => {
    const anonymous = await t.client().get('/api/v1/ladders');
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    expect(anonymous.headers['x-frame-options']).toBe('DENY');
    expect(anonymous.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(anonymous.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers['strict-transport-security']).toBeUndefined();

    const me = await (await t.signIn('player1')).get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const secure = await https.client().get('/api/v1/health');
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });
});

describe('names and races', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('trims and normalises team names before checking them, and refuses invisible characters', async () => {
    const player = await t.signIn('player2');
    const create = (name: string, tag = 'TAG') => player.post('/api/v1/teams', { name, tag });
    const errorsOf = (res: { status: number; body: unknown }) =>
      expectAnswer(res, validationErrorAnswer, 422).errors;

    expect(errorsOf(await create('      '))).toEqual({ name: ['The name field is required.'] });
    expect(errorsOf(await create('Red\u200BDragons'))).toMatchObject({
      name: ['The name field must not contain invisible or direction-changing characters.'],
    });
    expect(errorsOf(await create('\u202Esnogard deR'))).toMatchObject({
      name: ['The name field must not contain invisible or direction-changing characters.'],
    });
    expect(errorsOf(await create('Nul\u0000Team'))).toMatchObject({
      name: ['The name field must not contain control characters.'],
    });
    // Full-width letters and a no-break space are the real name once normalised: taken.
    expect(errorsOf(await create('Ｒｅｄ\u00A0Dragons'))).toEqual({
      name: ['The name has already been taken.'],
    });
    const ok = await create('  Spaced   Out  ');
    const { slug } = expectAnswer(ok, createTeamAnswer, 201).data;
    const page = await t.client().get(`/api/v1/teams/${slug}`);
    expect(page.body).toMatchObject({ data: { name: 'Spaced Out' } });
  });

  it('answers parallel creations of one name with one team and 422 for the rest', async () => {
    const player = await t.signIn('player3');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => player.post('/api/v1/teams', { name: 'Race Condition', tag: 'RC' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(11);
    for (const refused of results.filter((r) => r.status === 422))
      expect(refused.body).toMatchObject({ errors: { name: ['The name has already been taken.'] } });
  });

  it('gives parallel creations of different names with one slug each a slug of its own', async () => {
    // Eight players, one creation each: a player captains one team of a game (docs/league-rules.md).
    const names8 = [
      'player5',
      'player8',
      'player9',
      'player10',
      'player12',
      'player13',
      'player14',
      'player15',
    ];
    const players = await Promise.all(names8.map((u) => t.signIn(u)));
    // "Slug Clash!", "Slug Clash?", ... all make the slug "slug-clash".
    const names = ['!', '?', '.', '#', '$', '%', '&', '*'].map((mark) => `Slug Clash${mark}`);
    const results = await Promise.all(
      names.map((name, i) => players[i % players.length]!.post('/api/v1/teams', { name, tag: 'SC' })),
    );
    const slugs = results.map((res) => expectAnswer(res, createTeamAnswer, 201).data.slug);
    expect(new Set(slugs).size).toBe(names.length);
    expect(slugs).toContain('slug-clash');
    for (const slug of slugs) expect(slug).toMatch(/^slug-clash(-\d+)?$/);
  });

  it('answers a malformed X-XSRF-TOKEN header with 419', async () => {
    const player = await t.signIn('player4');
    const res = await player.post('/api/v1/teams', { name: 'Whatever', tag: 'W' }, { 'x-xsrf-token': '%' });
    expect(res.status).toBe(419);
  });
});
