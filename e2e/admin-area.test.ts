// The admin area in the browser: an admin walks the menu through every page on a laptop (the sidebar) and on
// a phone (one button that unfolds the list and folds it after a choice); no page scrolls sideways; cancelling
// a match asks in a styled dialog first, and the match is cancelled only after Yes. A player sees no menu.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

/** The menu's pages in order, with the heading each page opens with. */
const PAGES = [
  { label: 'Overview', path: '/admin', heading: 'Overview', shows: /^Admin pages$/ },
  { label: 'Disputes', path: '/admin/disputes', heading: 'Disputes', shows: /^Open disputes \(\d+\)$/ },
  { label: 'Matches', path: '/admin/matches', heading: 'Matches', shows: /^Open matches \(\d+\)$/ },
  {
    label: 'Game servers',
    path: '/admin/game-servers',
    heading: 'Game servers',
    shows: /^Add a game server$/,
  },
  { label: 'Competitions', path: '/admin/competitions', heading: 'Competitions', shows: /^Create a ladder$/ },
  { label: 'Catalogue', path: '/admin/catalogue', heading: 'Catalogue', shows: /^Add a location$/ },
  { label: 'Players', path: '/admin/players', heading: 'Players', shows: /^Bind a player id$/ },
  { label: 'Moderation', path: '/admin/moderation', heading: 'Moderation', shows: /^Bans in force$/ },
  { label: 'Webhooks', path: '/admin/webhooks', heading: 'Webhooks', shows: /^Register an endpoint$/ },
] as const;

const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

const slug = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

describe('the admin area', () => {
  const suite = serverAndBrowser();

  it('walks the menu through every page on a laptop and on a phone', async () => {
    const { server, browser } = suite.started();
    await stageScenario(server, 'disputed');
    await stageScenario(server, 'score-entered');
    const admin = await signedInPage(browser, server, 'admin');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    const menu = admin.getByRole('navigation', { name: 'Admin' });

    // The laptop: the sidebar lists every page, the current one marked.
    await menu.getByRole('link', { name: 'Overview', exact: true }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(PAGES.map((p) => p.label));
    for (const page of PAGES) {
      await menu.getByRole('link', { name: page.label, exact: true }).click();
      await admin.waitForURL((url) => url.pathname === page.path);
      await admin.getByRole('heading', { level: 1, name: page.heading, exact: true }).waitFor();
      await admin.getByRole('heading', { name: page.shows }).first().waitFor();
      expect(
        await menu.getByRole('link', { name: page.label, exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      expect(await menu.getByRole('button').isVisible()).toBe(false);
      await screenshotsAtBothSizes(admin, `admin-${slug(page.label)}`);
    }

    // The phone: one button names the page; it unfolds the list, and a choice folds it again.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/admin');
    const toggle = menu.getByRole('button');
    for (const page of PAGES) {
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      if (page.label === 'Matches') await screenshotsAtBothSizes(admin, 'admin-menu-open');
      await menu.getByRole('link', { name: page.label, exact: true }).click();
      await admin.getByRole('heading', { level: 1, name: page.heading, exact: true }).waitFor();
      await admin.getByRole('heading', { name: page.shows }).first().waitFor();
      expect(await toggle.textContent()).toContain(page.label);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.getByRole('link', { name: page.label, exact: true }).isVisible()).toBe(false);
      expect(await sidewaysOverflow(admin), `${page.path} scrolls sideways at 390 px`).toBe(0);
    }
    await admin.context().close();
  }, 240_000);

  it('cancels an open match only after the styled confirmation', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'in-progress');
    const admin = await signedInPage(browser, server, 'admin');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto('/admin/matches');
    const row = admin
      .getByRole('list', { name: 'Open matches' })
      .getByRole('listitem', { name: `Match #${match.matchId}`, exact: true });
    const cancel = row.getByRole('button', { name: `Cancel match #${match.matchId}` });

    // Asked in a dialog named by its question, the way back focused; Escape leaves the match as it was.
    await cancel.click();
    const dialog = admin.getByRole('alertdialog', { name: `Cancel match #${match.matchId}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('ends for both teams');
    expect(await admin.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe(
      'No, go back',
    );
    await screenshotsAtBothSizes(admin, 'admin-cancel-confirm');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const api = await apiSession(server, 'admin');
    const statusOf = async () =>
      ((await api.call('GET', `/api/v1/match/${match.matchId}`)).body as { data: { statusId: number } }).data
        .statusId;
    expect(await statusOf()).toBe(match.statusId);

    // Yes cancels it: the toast says so and the row leaves the list.
    await cancel.click();
    await dialog.getByRole('button', { name: 'Yes, cancel the match' }).click();
    await admin.getByText('Match was cancelled successfully').first().waitFor();
    await row.waitFor({ state: 'detached' });
    await screenshotsAtBothSizes(admin, 'admin-cancel-done');
    expect(await statusOf()).not.toBe(match.statusId);
    await admin.context().close();
  });

  it('shows a player neither the menu nor the admin link', async () => {
    const { server, browser } = suite.started();
    const player = await signedInPage(browser, server, 'player1');
    await player.goto('/admin/matches');
    await player.getByText('Only admins can see this page.').waitFor();
    expect(await player.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    expect(await player.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await player.context().close();
  });
});
