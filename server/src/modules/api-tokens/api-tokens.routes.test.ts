// Personal API tokens through HTTP: made once and shown once, read-only, as their owner (a read token never
// carries admin rights), revoked at once, limited per token, and declared in the OpenAPI document.
import { apiTokenListAnswer, createdApiTokenAnswer } from '@versus/common/api/api-tokens';
import { authUserAnswer } from '@versus/common/api/auth';
import { messageAnswer, validationErrorAnswer } from '@versus/common/api/primitives';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp, type TestClient } from '../../test/index.ts';

let t: TestApp;
let player: TestClient;
let admin: TestClient;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(client: TestClient, name: string, scope?: 'read' | 'admin') {
  const res = await client.post('/api/v1/users/me/api-tokens', { name, ...(scope ? { scope } : {}) });
  return expectAnswer(res, createdApiTokenAnswer, 201).data;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
  player = await t.signIn('player1');
  admin = await t.signIn('admin');
});
afterAll(async () => t.close());

describe('personal API tokens', () => {
  it('shows a new token once and lists only a hint of it', async () => {
    const made = await makeToken(player, '  Stream overlay  ');
    expect(made.token).toMatch(/^vsp_\d+_[A-Za-z0-9_-]{43}$/);
    expect(made.apiToken).toMatchObject({ name: 'Stream overlay', scope: 'read', lastUsedAt: null });
    const list = expectAnswer(await player.get('/api/v1/users/me/api-tokens'), apiTokenListAnswer).data;
    const listed = list.find((x) => x.id === made.apiToken.id);
    expect(listed?.hint).toBe(`vsp_${String(made.apiToken.id)}_…`);
    expect(JSON.stringify(list)).not.toContain(made.token.slice(-43));
  });

  it('reads as its owner without a cookie, and records when it was used', async () => {
    const { token, apiToken } = await makeToken(player, 'bot');
    const me = expectAnswer(
      await t.client('10.50.0.1').get('/api/v1/auth/me', bearer(token)),
      authUserAnswer,
    );
    expect(me.data?.username).toBe('player1');
    const list = expectAnswer(await player.get('/api/v1/users/me/api-tokens'), apiTokenListAnswer).data;
    expect(list.find((x) => x.id === apiToken.id)?.lastUsedAt).not.toBeNull();
  });

  it('refuses every write with a clear 403, whatever else the request carries', async () => {
    const { token } = await makeToken(player, 'writer');
    const stranger = t.client('10.50.0.2');
    for (const [method, url] of [
      ['POST', '/api/v1/users/me/api-tokens'],
      ['PATCH', '/api/v1/users/me'],
      ['DELETE', '/api/v1/users/me/api-tokens/1'],
    ] as const) {
      const res = await stranger.request(method, url, { name: 'x' }, bearer(token));
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(expectAnswer(res, messageAnswer, 403).message).toBe(
        'API tokens are read-only: they can only make GET requests.',
      );
    }
    // Even beside a valid session and XSRF token, a write that carries a personal token is refused.
    const res = await player.post('/api/v1/users/me/api-tokens', { name: 'x' }, bearer(token));
    expect(res.status).toBe(403);
  });

  it("gives an admin's read token no admin rights, and an admin token the admin area's reads", async () => {
    const read = await makeToken(admin, 'read only');
    const wide = await makeToken(admin, 'league bot', 'admin');
    expect(wide.apiToken.scope).toBe('admin');
    const client = t.client('10.50.0.3');
    expect((await client.get('/api/v1/admin/games', bearer(read.token))).status).toBe(403);
    expect((await client.get('/api/v1/admin/games', bearer(wide.token))).status).toBe(200);
    // A player cannot make an admin token.
    const res = await player.post('/api/v1/users/me/api-tokens', { name: 'sneaky', scope: 'admin' });
    expect(expectAnswer(res, messageAnswer, 403).message).toBe('Only admins can make admin tokens.');
  });

  it('stops a revoked token at once, refuses a forged one, and revokes only your own', async () => {
    const { token, apiToken } = await makeToken(player, 'short lived');
    const client = t.client('10.50.0.4');
    expect((await client.get('/api/v1/auth/me', bearer(token))).status).toBe(200);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(
      expectAnswer(await client.get('/api/v1/auth/me', bearer(forged)), messageAnswer, 401).message,
    ).toBe('Invalid API token.');
    const other = await t.signIn('player2');
    const foreign = await other.request('DELETE', `/api/v1/users/me/api-tokens/${String(apiToken.id)}`);
    expect(expectAnswer(foreign, messageAnswer, 404).message).toBe('Token not found.');
    const revoked = await player.request('DELETE', `/api/v1/users/me/api-tokens/${String(apiToken.id)}`);
    expect(expectAnswer(revoked, messageAnswer).message).toBe('Token revoked.');
    expect((await client.get('/api/v1/auth/me', bearer(token))).status).toBe(401);
  });

  it('refuses a nameless token and an eleventh one with a 422 naming the field', async () => {
    const empty = await player.post('/api/v1/users/me/api-tokens', { name: '   ' });
    expect(expectAnswer(empty, validationErrorAnswer, 422).errors.name).toEqual([
      'The name field is required.',
    ]);
    const long = await player.post('/api/v1/users/me/api-tokens', { name: 'x'.repeat(61) });
    expect(expectAnswer(long, validationErrorAnswer, 422).errors.name).toEqual([
      'The name field must not be greater than 60 characters.',
    ]);
    const held = expectAnswer(await player.get('/api/v1/users/me/api-tokens'), apiTokenListAnswer).data
      .length;
    for (let i = held; i < 10; i += 1) await makeToken(player, `filler ${String(i)}`);
    const over = await player.post('/api/v1/users/me/api-tokens', { name: 'one too many' });
    expect(expectAnswer(over, validationErrorAnswer, 422).errors.name).toEqual([
      'You can hold at most 10 API tokens: revoke one first.',
    ]);
  });

  it('declares the token on reads in the OpenAPI document, not on writes', async () => {
    const doc = expectAnswer(
      await t.client().get('/api/openapi.json'),
      z.object({
        components: z.object({ securitySchemes: z.record(z.string(), z.object({ scheme: z.string() })) }),
        paths: z.record(
          z.string(),
          z.record(z.string(), z.object({ security: z.array(z.unknown()).optional() })),
        ),
      }),
    );
    expect(doc.components.securitySchemes.apiToken?.scheme).toBe('bearer');
    expect(doc.paths['/api/v1/match/{id}']?.get?.security).toEqual([{ apiToken: [] }, {}]);
    expect(doc.paths['/api/v1/users/me/api-tokens']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/v1/game-server-log/{matchId}']?.post?.security).toEqual([{ bearer: [] }]);
  });
});

describe('the per-token request allowance', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ clock: 'real', env: { RATE_LIMIT_API_TOKEN: '3/60' } });
  });
  afterAll(async () => limited.close());

  it('answers 429 with Retry-After once the allowance is spent, counting each token on its own', async () => {
    const owner = await limited.signIn('player3');
    const first = await makeToken(owner, 'one');
    const second = await makeToken(owner, 'two');
    const client = limited.client('10.60.0.1');
    for (let i = 0; i < 3; i += 1)
      expect((await client.get('/api/v1/auth/me', bearer(first.token))).status).toBe(200);
    const refused = await client.get('/api/v1/auth/me', bearer(first.token));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await client.get('/api/v1/auth/me', bearer(second.token))).status).toBe(200);
  });
});
