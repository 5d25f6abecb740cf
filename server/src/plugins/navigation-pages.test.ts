// An address with bad input typed into the browser shows the app's page (which says what is not there), not
// JSON; the app's own requests keep their JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';
import { inputGuardPlugin } from './input-guard.ts';
import { literalPath, navigationPageStep, navigationPagesPlugin } from './navigation-pages.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { buildTestApp, type TestApp } from '../test/index.ts';

const PAGE = '<!doctype html><title>Versus</title><div id="app"></div>';
const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' };
const AXIOS = { accept: 'application/json, text/plain, */*', 'sec-fetch-dest': 'empty' };

// On its own, and as the app runs it: inside the security headers' hook, where the page gets a document's headers.
describe.skipIf(process.env.TEST_DB === 'postgres').each([
  ['its own hook', false],
  ["the security headers' hook", true],
])('pages for bad addresses (%s)', (_name, withHeaders) => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-page-'));
    fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
    app = Fastify();
    await app.register(errorsPlugin);
    const indexHtmlPath = path.join(dir, 'index.html');
    if (withHeaders) {
      app.decorate('config', { appUrl: 'http://localhost' } as FastifyInstance['config']);
      app.decorateRequest('user', null);
      await app.register(securityHeadersPlugin, { indexHtmlPath, before: navigationPageStep(indexHtmlPath) });
    } else {
      await app.register(navigationPagesPlugin, { indexHtmlPath });
    }
    await app.register(inputGuardPlugin);
    app.get('/api/v1/tournaments/:slug', async (request) => {
      const { slug } = request.params as { slug: string };
      if (slug === 'bad-input') throw new ValidationError({ slug: ['The slug field is invalid.'] });
      if (slug !== 'cup') throw new NotFoundError('Tournament not found.');
      return { data: { slug } };
    });
    app.get('/*', async () => PAGE);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/tournaments/x%00y', 404],
    ['/api/v1/tournaments/x%00y', 404],
    ['/api/v1/tournaments/nope', 404],
    ['/api/v1/tournaments/bad-input', 422],
  ])('%s typed in the address bar: the page, status %i', async (url, status) => {
    const answer = await app.inject({ method: 'GET', url, headers: NAVIGATION });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toBe(PAGE);
    if (withHeaders) expect(answer.headers['content-security-policy']).toContain("script-src 'self'");

    const fetched = await app.inject({ method: 'GET', url, headers: AXIOS });
    expect(fetched.statusCode).toBe(status);
    expect(fetched.json()).toHaveProperty('message');
  });

  it('leaves good answers, and browsers without fetch metadata that ask for JSON, alone', async () => {
    const good = await app.inject({ method: 'GET', url: '/api/v1/tournaments/cup', headers: NAVIGATION });
    expect(good.json()).toEqual({ data: { slug: 'cup' } });
    const old = await app.inject({
      method: 'GET',
      url: '/api/v1/tournaments/nope',
      headers: { accept: 'application/json' },
    });
    expect(old.json()).toEqual({ message: 'Tournament not found.' });
    const oldPage = await app.inject({
      method: 'GET',
      url: '/api/v1/tournaments/nope',
      headers: { accept: 'text/html,*/*' },
    });
    expect(oldPage.body).toBe(PAGE);
  });

  it('reads a malformed escape literally', () => {
    expect(literalPath('/user/a%ZZ')).toBe('/user/a%25ZZ');
    expect(literalPath('/tournaments/%E0%A4%A?page=2')).toBe('/tournaments/%25E0%25A4%25A?page=2');
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('a malformed escape in the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the API 404 shape, and sends a browser on to the literal path', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/users/a%ZZ', headers: AXIOS });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
    const page = await t.app.inject({ method: 'GET', url: '/user/a%ZZ?tab=1', headers: NAVIGATION });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/user/a%25ZZ?tab=1');
  });
});
