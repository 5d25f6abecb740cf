// "Sign out everywhere" in settings: the account's other browser is signed out on its next request.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { signedInPage } from './support/match';
import { startServer, type RunningServer } from './support/server';

describe('sign out everywhere', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ends the session of this browser and of another one', async () => {
    if (!server || !browser) throw new Error('beforeAll did not start the server and browser');
    const laptop = await signedInPage(browser, server, 'player3');
    const phone = await signedInPage(browser, server, 'player3');
    await phone.getByTestId('header-username').waitFor();

    await laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const button = laptop.getByRole('button', { name: 'Sign out everywhere' });
    await button.waitFor();
    const shots = process.env.SCREENSHOT_DIR;
    if (shots) {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await laptop.setViewportSize({ width, height });
        await button.scrollIntoViewIfNeeded();
        await laptop.screenshot({ path: `${shots}/settings-sessions-${width}.png` });
      }
    }
    await button.click();
    await laptop.waitForURL((url) => url.pathname === '/login');
    await laptop.getByRole('link', { name: 'Sign in' }).waitFor();

    await phone.reload();
    await phone.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await phone.getByTestId('header-username').count()).toBe(0);
    await laptop.context().close();
    await phone.context().close();
  });
});
