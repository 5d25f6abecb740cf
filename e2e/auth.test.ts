import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { serverAndBrowser } from './support/suite';

describe('a new player', () => {
  const suite = serverAndBrowser();

  it('registers, signs out, signs back in and sees their name in the header', async () => {
    const { server, browser } = suite.started();
    const page = await openPage(browser, server.url);
    const username = `e2e${randomBytes(4).toString('hex')}`;
    const password = 'a-long-e2e-password';
    const headerUsername = page.getByTestId('header-username');

    // The home page must be served as the app itself (not only deep links via the SPA fallback).
    const home = await page.goto('/');
    expect(home?.status(), 'GET / status').toBe(200);
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    expect(await headerUsername.textContent()).toBe(username);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await headerUsername.waitFor({ state: 'detached' });

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/');
    expect(await headerUsername.textContent()).toBe(username);
    await page.context().close();
  });
});
