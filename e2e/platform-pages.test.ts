import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/match';
import { serverAndBrowser } from './support/suite';

describe('the platform pages', () => {
  const suite = serverAndBrowser();

  it('a player reads a profile, a tournament, and changes their settings', async () => {
    const { server, browser } = suite.started();
    const page = await signedInPage(browser, server, 'player1');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/user/player1');
    await page.getByRole('heading', { name: 'Rating' }).waitFor();
    await page.getByRole('link', { name: '[RDG] Red Dragons' }).waitFor();

    await nav.getByRole('link', { name: 'Tournaments' }).click();
    await page.getByRole('link', { name: 'Versus Cup #1' }).click();
    await page.getByRole('heading', { name: 'Versus Cup #1' }).waitFor();
    await page.getByRole('heading', { name: 'Bracket' }).waitFor();

    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Country shown as your flag').selectOption('se');
    await page.getByRole('button', { name: 'Save country' }).click();
    await page.getByText('Your settings have been saved.').waitFor();
    await page.getByRole('button', { name: /^(Create|Renew) token$/ }).click();
    const token = await page.getByTestId('anticheat-token').textContent();
    expect(token?.length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Renew token' }).waitFor();

    await page.goto('/user/player1');
    await page.getByRole('img', { name: 'Flag: SE' }).waitFor();
    await page.goto('/ticket/999999');
    await page.getByText('This ticket does not exist.').waitFor();
    await page.context().close();
  });

  it('an admin sees the admin area', async () => {
    const { server, browser } = suite.started();
    const page = await signedInPage(browser, server, 'admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await page.getByRole('link', { name: /Open disputes$/ }).waitFor();
    await menu.getByRole('link', { name: 'Disputes' }).click();
    await page.getByRole('heading', { name: /Open disputes/ }).waitFor();
    await menu.getByRole('link', { name: 'Matches' }).click();
    await page.getByRole('heading', { name: /Scores awaiting approval/ }).waitFor();
    await page.getByRole('heading', { name: /Open matches/ }).waitFor();
    await menu.getByRole('link', { name: 'Catalogue' }).click();
    await page
      .getByRole('button', { name: /^Deactivate / })
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Locations' }).waitFor();
    await page.context().close();
  });
});
