// A team page asks in the site's own dialog, not the browser's confirm(): the captain kicks a member and is
// asked about handing over the captaincy; a member leaves the team. The dialog is styled on the team page too
// (an overlay over the page), keyboard first: the way back focused, Escape goes back.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

/** The dialog covers the whole viewport with its backdrop (its stylesheet loaded on this page). */
const coversViewport = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    const backdrop = document.querySelector('.modal-backdrop');
    if (!backdrop) return false;
    const box = backdrop.getBoundingClientRect();
    return getComputedStyle(backdrop).position === 'fixed' && box.width === innerWidth && box.height === innerHeight;
  })()`);

describe('confirmations on a team page', () => {
  const suite = serverAndBrowser();

  it('the captain kicks a member and a member leaves, each after a styled confirmation', async () => {
    const { server, browser } = suite.started();
    let dialogs = 0;
    const captain = await signedInPage(browser, server, 'player16');
    captain.on('dialog', () => (dialogs += 1));
    await captain.setViewportSize({ width: 1440, height: 900 });
    await captain.goto('/team/iron-phantoms');
    const roster = captain.getByRole('list', { name: 'Roster' });

    await roster.getByRole('button', { name: 'Kick player20' }).click();
    const kick = captain.getByRole('alertdialog', { name: 'Kick player20?' });
    await kick.waitFor();
    expect(await coversViewport(captain)).toBe(true);
    expect(await captain.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe(
      'No, go back',
    );
    await screenshotsAtBothSizes(captain, 'team-kick-confirm');
    await captain.keyboard.press('Escape');
    await kick.waitFor({ state: 'detached' });
    expect(await roster.getByRole('link', { name: 'player20' }).count()).toBe(1);

    await roster.getByRole('button', { name: 'Kick player20' }).click();
    await kick.getByRole('button', { name: 'Yes, kick' }).click();
    await roster.getByRole('link', { name: 'player20' }).waitFor({ state: 'detached' });

    await roster.getByRole('button', { name: 'Make player17 captain' }).click();
    const transfer = captain.getByRole('alertdialog', { name: 'Make player17 the captain?' });
    await transfer.getByText('You stay in the team as a player.').waitFor();
    await screenshotsAtBothSizes(captain, 'team-captain-confirm');
    await transfer.getByRole('button', { name: 'No, go back' }).click();
    await transfer.waitFor({ state: 'detached' });

    const member = await signedInPage(browser, server, 'player19');
    member.on('dialog', () => (dialogs += 1));
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto('/team/iron-phantoms');
    await member.getByRole('button', { name: 'Leave team' }).click();
    const leave = member.getByRole('alertdialog', { name: 'Leave Iron Phantoms?' });
    await leave.waitFor();
    expect(await coversViewport(member)).toBe(true);
    await leave.getByRole('button', { name: 'Yes, leave the team' }).click();
    await member.waitForURL((url) => url.pathname === '/teams');

    // The browser's own confirm() never opened.
    expect(dialogs).toBe(0);
    await captain.context().close();
    await member.context().close();
  });
});
