// The XSRF-TOKEN cookie a visitor without one is given (pre-serialized once per start, plugins/csrf.ts) is the
// very text @fastify/cookie writes for the cookie issued at sign-in: same attributes, over http and https, on
// every kind of answer; signing in replaces it rather than adding a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/index.ts';

/** The `XSRF-TOKEN` lines of an answer's `Set-Cookie`, each with its token replaced by `T`. */
function xsrfLines(setCookie: string | string[] | undefined): string[] {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return lines
    .filter((line) => line.startsWith('XSRF-TOKEN='))
    .map((line) => line.replace(/=[\w-]+;/, '=T;'));
}

for (const https of [false, true]) {
  describe(`a visitor's XSRF-TOKEN cookie (${https ? 'https' : 'http'})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(https ? { env: { APP_URL: 'https://versus.example' } } : {});
    });
    afterAll(async () => {
      await t.close();
    });

    it('is what the cookie serializer writes for the sign-in token, on every kind of answer', async () => {
      const expected = t.app.serializeCookie('XSRF-TOKEN', 'T', {
        path: '/',
        sameSite: 'lax',
        secure: https,
        httpOnly: false,
        maxAge: 60 * 60 * 24 * 30,
      });
      expect(expected).toBe(`XSRF-TOKEN=T; Max-Age=2592000; Path=/; ${https ? 'Secure; ' : ''}SameSite=Lax`);
      const tokens = new Set<string>();
      for (const res of [
        await t.app.inject({ url: '/api/v1/match/1' }),
        await t.app.inject({ url: '/api/v1/auth/me' }),
        await t.app.inject({ url: '/api/v1/no-such-route' }),
        await t.app.inject({ url: '/images/avatars/avatar-1.svg' }),
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' }),
      ]) {
        expect(xsrfLines(res.headers['set-cookie'])).toEqual([expected]);
        tokens.add(String(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value));
      }
      expect(tokens.size).toBe(5);

      // Signing in issues a new token the serializer's way: the same attributes, and one cookie, not two.
      const visitor = t.client();
      await visitor.get('/api/v1/health');
      const before = visitor.cookies.get('XSRF-TOKEN') ?? '';
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'player2', password: 'password' },
        headers: { cookie: `XSRF-TOKEN=${before}`, 'x-xsrf-token': before },
      });
      expect(login.statusCode).toBe(200);
      expect(xsrfLines(login.headers['set-cookie'])).toEqual([expected]);
      expect(login.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).not.toBe(before);
    });

    it('is not set when the request carries one', async () => {
      const res = await t.app.inject({ url: '/api/v1/auth/me', headers: { cookie: 'XSRF-TOKEN=abc' } });
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });
}
