// "Sign out everywhere" in settings: the account's other browser is signed out on its next request.
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/match';
import { serverAndBrowser } from './support/suite';
import { screenshotsAtBothSizes } from './support/screenshots';

describe('sign out everywhere', () => {
  const suite = serverAndBrowser();

  it('ends the session of this browser and of another one', async () => {
    const { server, browser } = suite.started();
    const laptop = await signedInPage(browser, server, 'player3');
    const phone = await signedInPage(browser, server, 'player3');
    await phone.getByTestId('header-username').waitFor();

    await laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const button = laptop.getByRole('button', { name: 'Sign out everywhere' });
    await button.waitFor();
    await screenshotsAtBothSizes(laptop, 'settings-sessions', { scrollTo: button });
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
