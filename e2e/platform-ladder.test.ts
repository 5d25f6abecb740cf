import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/match';
import { serverAndBrowser } from './support/suite';

describe('a ladder challenge', () => {
  const suite = serverAndBrowser();

  it('reaches the challenged captain live, who marks it seen', async () => {
    const { server, browser } = suite.started();
    const challenger = await signedInPage(browser, server, 'player1');
    const opponent = await signedInPage(browser, server, 'player6');
    // Nothing can be missed once the opponent's private channel is subscribed.
    await opponent.locator('header[data-notifications-live="true"]').waitFor();
    const bell = opponent.getByRole('button', { name: /^Notifications \d+$/ });
    const unseenBefore = Number((await bell.textContent())?.replace(/\D/g, ''));

    // The challenger picks the ladder, challenges Northern Wolves best of 3 and lands in the match room.
    await challenger.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ladders' }).click();
    await challenger.getByRole('link', { name: '5v5 Search & Destroy Ladder' }).click();
    await challenger.getByRole('button', { name: 'Challenge Northern Wolves' }).click();
    await challenger.getByLabel('Best of').selectOption('3');
    await challenger.getByRole('button', { name: 'Send challenge' }).click();
    await challenger.waitForURL((url) => /^\/match\/\d+$/.test(url.pathname));
    const matchPath = new URL(challenger.url()).pathname;

    // The opponent's badge counts it without a reload; the Active games panel offers the challenge.
    await opponent.getByRole('button', { name: `Notifications ${unseenBefore + 1}` }).waitFor();
    await opponent.getByRole('button', { name: /^Active games/ }).click();
    const games = opponent.getByRole('region', { name: 'Active games' });
    const gameLink = games.getByRole('link', { name: /Red Dragons vs Northern Wolves/ });
    await gameLink.waitFor();
    expect(await gameLink.getAttribute('href')).toBe(matchPath);
    expect(await gameLink.textContent()).toContain('View challenge');

    // Opening the panel marks what it shows seen; the badge drops and stays down after a reload.
    await opponent.getByRole('button', { name: /^Notifications/ }).click();
    const panel = opponent.getByRole('region', { name: 'Notifications' });
    const item = panel
      .getByRole('listitem')
      .filter({ hasText: /Red Dragons/ })
      .first();
    await item.waitFor();
    await opponent.getByRole('button', { name: 'Notifications 0' }).waitFor();
    await opponent.reload();
    await opponent.getByRole('button', { name: 'Notifications 0' }).waitFor();

    // Its View button opens the match room.
    await opponent
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: /Red Dragons/ })
      .first()
      .getByRole('link', { name: /^View/ })
      .click();
    await opponent.waitForURL((url) => url.pathname === matchPath);

    await challenger.context().close();
    await opponent.context().close();
  });
});
