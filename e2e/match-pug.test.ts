import { STATUS } from '@versus/common/match/statuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

const pool = (page: Page) => page.getByRole('dialog', { name: 'Player Picker' }).locator('.picker-pool li');

describe('a solo-queue match: player select and location vote', () => {
  const suite = serverAndBrowser();

  it('the picking captain picks a player and the other captain sees it live', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'pug-pick');
    expect(match.statusId).toBe(STATUS.playerSelect);
    const captains = [match.challenger.captain!, match.opponent.captain!];
    const pages = await Promise.all(captains.map((name) => signedInPage(browser, server, name)));
    await Promise.all(pages.map((page) => openMatch(page, match.matchId)));

    // The modal opened by itself on both pages; its countdown names the captain whose turn it is.
    const status = pages[0]!.getByRole('dialog', { name: 'Player Picker' }).locator('.picker-status');
    await status.filter({ hasText: /is picking a player \| \d+ seconds remaining \.\.\./ }).waitFor();
    const text = (await status.textContent()) ?? '';
    const turn = captains.findIndex((name) => text.startsWith(`${name} is picking`));
    expect(turn).toBeGreaterThanOrEqual(0);
    const picker = pages[turn]!;
    const other = pages[1 - turn]!;
    await other.getByText('Click on the player you wish to select.').waitFor();

    // The captain not on turn clicks a player: the browser asks the pick rule the server uses, shows its
    // text as the error toast and sends no pick.
    const picks: string[] = [];
    other.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/select/')) picks.push(request.url());
    });
    await pool(other).first().getByRole('button').click();
    await other
      .getByRole('alert')
      .filter({ hasText: "It's not your turn to pick a player!" })
      .first()
      .waitFor();
    await other.waitForTimeout(1000); // the toast's slide-in ends
    await screenshotsAtBothSizes(other, 'pick-refused');
    expect(picks).toEqual([]);

    const before = await pool(other).count();
    const first = pool(picker).first().getByRole('button');
    const picked = ((await first.locator('.picker-player-name').textContent()) ?? '').trim();
    await first.click();
    await picker.getByRole('alert').filter({ hasText: picked }).first().waitFor();

    // Live on the other page: one fewer in the pool, the player now in the picking captain's team.
    await expect.poll(() => pool(other).count()).toBe(before - 1);
    const team = other
      .getByRole('dialog', { name: 'Player Picker' })
      .getByRole('region', { name: `Team ${captains[turn]}`, exact: true });
    await team.getByText(picked, { exact: true }).waitFor();
    for (const page of pages) await page.context().close();
  });

  it('a player votes for a location and another player sees the votes change live', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'pug-location');
    expect(match.statusId).toBe(STATUS.locationSelect);
    const voter = await signedInPage(browser, server, match.challenger.captain!);
    const watcher = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(voter, match.matchId), openMatch(watcher, match.matchId)]);

    const dialog = voter.getByRole('dialog', { name: 'Location Voting' });
    await dialog.getByText('Click on the location you wish to vote for.').waitFor();
    await dialog.locator('.location-countdown', { hasText: /seconds remaining \.\.\.|\.\.\.$/ }).waitFor();
    // The browser measured its ping to each location (their hostname is this server).
    await dialog
      .locator('.location-ping', { hasText: /^\d+ ms$/ })
      .first()
      .waitFor();

    const card = dialog.locator('.location-card').first();
    const city = ((await card.locator('.location-place').textContent()) ?? '').trim();
    await card.click();
    await voter
      .getByRole('alert')
      .filter({ hasText: 'Location was selected successfully!' })
      .first()
      .waitFor();
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');

    const seen = watcher
      .getByRole('dialog', { name: 'Location Voting' })
      .locator('.location-card', { hasText: city })
      .locator('.location-votes');
    await seen.filter({ hasText: /^Votes: [1-9]/ }).waitFor();
    await voter.context().close();
    await watcher.context().close();
  });
});
