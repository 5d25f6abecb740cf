import { authUserAnswer } from '@versus/common/api/auth';
import { messageAnswer, validationErrorAnswer } from '@versus/common/api/primitives';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp } from '../../test/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    seed: false,
    clock: 'real',
    env: { LOGIN_MAX_ATTEMPTS_PER_USERNAME: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '6' },
  });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function uniqueName(): string {
  counter += 1;
  return `user_${process.pid % 1000}_${counter}`;
}

async function registered(client = t.client()) {
  const username = uniqueName();
  const res = await client.post('/api/v1/auth/register', {
    username,
    email: `${username}@example.test`,
    password: 'secret-password',
  });
  expectAnswer(res, authUserAnswer, 201);
  return { client, username };
}

describe('register', () => {
  it('creates the account, signs in and shows the user', async () => {
    const { client, username } = await registered();
    const session = client.cookies.get('versus_session');
    expect(session).toBeTruthy();
    const me = await client.get('/api/v1/auth/me');
    const { data } = expectAnswer(me, authUserAnswer);
    expect(me.body).toMatchObject({ data: { username, email: `${username}@example.test`, role: 'player' } });
    expect(data.formattedUsername).toContain(`>${username}</span>`);
    // The raw answer: the parsed one only ever holds the schema's fields.
    expect(me.body).not.toHaveProperty('data.passwordHash');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const client = t.client();
    const username = uniqueName();
    const res = await client.post('/api/v1/auth/register', {
      username,
      email: `${username}@example.test`,
      password: 'secret-password',
    });
    const cookie = res.cookies.find((c) => c.name === 'versus_session') as
      Record<string, unknown> | undefined;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses a username taken in another case', async () => {
    const { username } = await registered();
    const res = await t.client().post('/api/v1/auth/register', {
      username: username.toUpperCase(),
      email: 'other@example.test',
      password: 'secret-password',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The username has already been taken.',
      errors: { username: ['The username has already been taken.'] },
    });
  });

  it.each([
    [
      { username: 'ab', email: 'a@b.test', password: 'secret-password' },
      'username',
      'The username field must be at least 3 characters.',
    ],
    [
      { username: 'a'.repeat(21), email: 'a@b.test', password: 'secret-password' },
      'username',
      'The username field must not be greater than 20 characters.',
    ],
    [
      { username: 'bad name!', email: 'a@b.test', password: 'secret-password' },
      'username',
      'The username field may only contain letters, numbers, dashes and underscores.',
    ],
    [
      { username: 'goodname', email: 'nope', password: 'secret-password' },
      'email',
      'The email field must be a valid email address.',
    ],
    [
      { username: 'goodname', email: 'a@b.test', password: 'short' },
      'password',
      'The password field must be at least 8 characters.',
    ],
    [
      { username: 42, email: 'a@b.test', password: 'secret-password' },
      'username',
      'The username field must be a string.',
    ],
    [{ email: 'a@b.test', password: 'secret-password' }, 'username', 'The username field is required.'],
  ])('answers 422 with field errors for %j', async (payload, field, text) => {
    const res = await t.client().post('/api/v1/auth/register', payload);
    expect(res.status).toBe(422);
    const body = expectAnswer(res, validationErrorAnswer, 422);
    expect(body.errors[field]).toContain(text);
    expect(body.message).toContain(text);
  });
});

describe('login and logout', () => {
  it('signs in with the right password and out again', async () => {
    const { username } = await registered();
    const client = t.client('10.1.0.1');
    const login = await client.post('/api/v1/auth/login', { username, password: 'secret-password' });
    expect(expectAnswer(login, authUserAnswer).data).toMatchObject({ username });
    expectAnswer(await client.get('/api/v1/auth/me'), authUserAnswer);

    const logout = await client.post('/api/v1/auth/logout');
    expect(logout.status).toBe(204);
    const me = await client.get('/api/v1/auth/me');
    expect(expectAnswer(me, messageAnswer, 401)).toEqual({ message: 'Unauthenticated.' });
  });

  it('accepts the username in any case', async () => {
    const { username } = await registered();
    const res = await t.client('10.1.0.2').post('/api/v1/auth/login', {
      username: username.toUpperCase(),
      password: 'secret-password',
    });
    expect(res.status).toBe(200);
  });

  it('a stolen cookie is worthless after logout', async () => {
    const { client } = await registered();
    const token = client.cookies.get('versus_session') ?? '';
    await client.post('/api/v1/auth/logout');
    const replay = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { cookie: `versus_session=${token}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('gives the same 422 for an unknown user and a wrong password', async () => {
    const { username } = await registered();
    const wrongPassword = await t.client('10.1.0.3').post('/api/v1/auth/login', {
      username,
      password: 'wrong-password',
    });
    const unknownUser = await t.client('10.1.0.4').post('/api/v1/auth/login', {
      username: 'nobody_here',
      password: 'wrong-password',
    });
    const expected = {
      message: 'These credentials do not match our records.',
      errors: { username: ['These credentials do not match our records.'] },
    };
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body).toEqual(expected);
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body).toEqual(expected);
  });
});

describe('login rate limit', () => {
  it('locks a username after repeated failures, even from other IPs', async () => {
    const { username } = await registered();
    for (let i = 0; i < 3; i += 1) {
      const res = await t.client(`10.2.0.${i}`).post('/api/v1/auth/login', {
        username,
        password: 'nope-nope',
      });
      expect(res.status).toBe(422);
    }
    const locked = await t.client('10.2.0.9').post('/api/v1/auth/login', {
      username,
      password: 'secret-password',
    });
    expect(locked.status).toBe(429);
    expect(expectAnswer(locked, messageAnswer, 429).message).toMatch(
      /^Too many login attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('locks an IP that sprays many usernames', async () => {
    const client = t.client('10.3.0.1');
    for (let i = 0; i < 6; i += 1) {
      const res = await client.post('/api/v1/auth/login', { username: `spray_${i}`, password: 'nope-nope' });
      expect(res.status).toBe(422);
    }
    const res = await client.post('/api/v1/auth/login', { username: 'spray_99', password: 'nope-nope' });
    expect(res.status).toBe(429);
    // Another IP is unaffected.
    const other = await t.client('10.3.0.2').post('/api/v1/auth/login', {
      username: 'spray_99',
      password: 'x',
    });
    expect(other.status).toBe(422);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the X-XSRF-TOKEN header', async () => {
    const { client } = await registered();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await client.get('/api/v1/auth/me')).status).toBe(200);
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = t.client();
    const res = await client.post(
      '/api/v1/auth/login',
      { username: 'x', password: 'y' },
      { 'x-xsrf-token': 'forged' },
    );
    expect(res.status).toBe(419);
  });

  it('hands out the XSRF-TOKEN cookie readable by scripts', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/me' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN') as Record<string, unknown> | undefined;
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('malformed requests', () => {
  it('answers malformed JSON with 400 and the message shape', async () => {
    const client = t.client();
    const res = await client.post('/api/v1/auth/login', '{"username":', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String) as string });
  });

  it.each(['null', '[]', '"text"', '42'])('answers a JSON %s body with 422', async (payload) => {
    const client = t.client();
    const res = await client.post('/api/v1/auth/login', payload, { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(expectAnswer(res, validationErrorAnswer, 422).errors.username).toEqual([
      'The username field is required.',
    ]);
  });

  it('answers an unsupported content type with 415', async () => {
    const client = t.client();
    const res = await client.post('/api/v1/auth/login', '<xml/>', { 'content-type': 'application/xml' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: expect.any(String) as string });
  });

  it('answers unknown API routes with 404 {message}', async () => {
    const res = await t.client().get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });
});
