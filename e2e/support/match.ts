import { scenarioAnswer, type Scenario } from '@versus/common/api/dev';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from './browser';
import type { RunningServer } from './server';

/** What `POST /api/v1/dev/scenarios/{name}` answers. */
export type { Scenario };

/**
 * Stages a fresh match with the development endpoint, signed in as the demo admin (as `npm run scenario`
 * does). The XSRF cookie from the first answer is echoed on the POSTs.
 */
export async function stageScenario(server: RunningServer, name: string): Promise<Scenario> {
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(server.url.replace('localhost', '127.0.0.1') + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const answer: unknown = await response.json().catch(() => null);
    return { status: response.status, body: answer };
  };
  await call('GET', '/api/v1/auth/me');
  const login = await call('POST', '/api/v1/auth/login', { username: 'admin', password: 'password' });
  expect(login.status, 'admin sign-in').toBe(200);
  const staged = await call('POST', `/api/v1/dev/scenarios/${name}`);
  expect(staged.status, `staging ${name}: ${JSON.stringify(staged.body)}`).toBe(201);
  return scenarioAnswer.parse(staged.body).data;
}

/** A fresh browser context signed in as `username` through the sign-in page. */
export async function signedInPage(browser: Browser, server: RunningServer, username: string): Promise<Page> {
  const page = await openPage(browser, server.url);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** Opens the match room and waits until its realtime channels are subscribed, so no broadcast is missed. */
export async function openMatch(page: Page, matchId: number): Promise<void> {
  await page.goto(`/match/${matchId}`);
  await page.locator('.match-page[data-live="true"]').waitFor();
}
