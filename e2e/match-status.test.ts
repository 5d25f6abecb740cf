import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

const statusTile = (page: Page) => page.locator('.info-tile', { hasText: 'Status' }).locator('dd');
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

describe('a ladder challenge in the match room', () => {
  const suite = serverAndBrowser();

  it('declined: the challenger’s page reloads by itself and shows the match cancelled', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-challenge');
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    await challenger.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await challenger.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    await opponent.getByRole('button', { name: 'Accept' }).waitFor();

    const reloaded = challenger.waitForEvent('load');
    await opponent.getByRole('button', { name: 'Decline' }).click();
    // Declining ends the match for both teams: it asks first.
    await opponent
      .getByRole('alertdialog', { name: 'Decline this match?' })
      .getByRole('button', { name: 'Yes, decline' })
      .click();
    await toast(opponent, 'Match was cancelled successfully').waitFor();
    await reloaded;
    for (const page of [challenger, opponent]) {
      await statusTile(page).filter({ hasText: 'Cancelled' }).waitFor();
      expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    }
    await challenger.context().close();
    await opponent.context().close();
  });

  it('accepted: both pages move on to the map veto without reloading', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-challenge');
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    await opponent.getByRole('button', { name: 'Accept' }).click();
    await toast(opponent, 'Challenge was accepted successfully').waitFor();
    for (const page of [challenger, opponent]) {
      await page.locator('.veto-status', { hasText: /is removing a map \| \d+ seconds remaining/ }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    }
    await challenger.context().close();
    await opponent.context().close();
  });
});
