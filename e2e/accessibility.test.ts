// axe-core finds no WCAG 2 A or AA violation on the main pages: signed out, as a player and as an
// admin, and in the match room in every phase with its dialogs open, on a laptop and on a phone.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, type AxeViolation } from './support/axe';
import { openPage } from './support/browser';
import { openMatch, signedInPage, stageScenario } from './support/match';
import type { RunningServer } from './support/server';
import { serverAndBrowser } from './support/suite';

/** Waits for the page's data and its deferred chunks to settle before axe reads it. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('main')
    .getByText(/^Loading/)
    .waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
}

/** Runs axe on each path in turn; the violations found, by path. */
async function audit(page: Page, paths: readonly string[]): Promise<Record<string, AxeViolation[]>> {
  const found: Record<string, AxeViolation[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    const violations = await axeViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  return found;
}

async function phonePage(browser: Browser, server: RunningServer, username: string): Promise<Page> {
  const page = await signedInPage(browser, server, username);
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  const suite = serverAndBrowser();

  it('the pages around the match, signed out, as a player and as an admin', async () => {
    const { server, browser } = suite.started();
    const visitor = await openPage(browser, server.url);
    const signedOut = await audit(visitor, [
      '/',
      '/login',
      '/register',
      '/ladders',
      '/ladders/cod4-5v5-ladder',
      '/tournaments',
      '/tournaments/versus-cup-1',
      '/queue',
      '/no/such/page',
      '/tournaments/x%00y',
    ]);
    await visitor.context().close();

    const disputed = await stageScenario(server, 'disputed');
    const player = await signedInPage(browser, server, disputed.challenger.captain!);
    await openMatch(player, disputed.matchId);
    const ticket = (await player.getByRole('link', { name: 'See dispute' }).getAttribute('href')) ?? '/';
    const asPlayer = await audit(player, [
      '/',
      '/teams',
      '/team/red-dragons',
      '/ladders/cod4-5v5-ladder',
      '/tournaments/versus-cup-1',
      '/queue',
      `/user/${disputed.challenger.captain}`,
      '/settings',
      ticket,
    ]);
    // With the header's panels open.
    for (const name of [/^Active games/, /^Notifications/])
      await player.getByRole('button', { name }).click();
    await settled(player);
    const panels = await axeViolations(player);
    await player.context().close();

    const admin = await signedInPage(browser, server, 'admin');
    const asAdmin = await audit(admin, ['/admin', ticket]);
    await admin.context().close();

    expect({ signedOut, asPlayer, panels, asAdmin }).toEqual({
      signedOut: {},
      asPlayer: {},
      panels: [],
      asAdmin: {},
    });
  });

  it('the match room in every phase, with its dialogs, on a laptop and a phone', async () => {
    const { server, browser } = suite.started();
    const found: Record<string, AxeViolation[]> = {};
    const check = async (page: Page, name: string) => {
      await settled(page);
      const violations = await axeViolations(page);
      if (violations.length > 0) found[name] = violations;
    };
    const phases = [
      'ladder-challenge',
      'tournament-ready',
      'pug-pick',
      'pug-location',
      'ladder-veto',
      'in-progress',
      'score-entered',
      'disputed',
      'finished',
    ] as const;
    for (const scenario of phases) {
      const match = await stageScenario(server, scenario);
      const who = match.opponent.captain ?? match.opponent.players[0]!;
      for (const size of ['laptop', 'phone'] as const) {
        const page =
          size === 'laptop'
            ? await signedInPage(browser, server, who)
            : await phonePage(browser, server, who);
        await openMatch(page, match.matchId);
        await page.locator('.info-tiles').waitFor();
        // The picker and the location vote open by themselves.
        if (scenario === 'pug-pick') await page.getByRole('dialog', { name: 'Player Picker' }).waitFor();
        if (scenario === 'pug-location')
          await page.getByRole('dialog', { name: 'Location Voting' }).waitFor();
        await check(page, `${scenario} (${size})`);

        const dialogs: Record<string, string> = {
          'in-progress': 'Submit score',
          finished: 'Match Overview',
          'score-entered': 'New Dispute',
        };
        const opener = dialogs[scenario];
        if (opener) {
          await page.getByRole('button', { name: opener }).first().click();
          await page.getByRole('dialog').waitFor();
          await check(page, `${scenario}: ${opener} dialog (${size})`);
        }
        await page.context().close();
      }
    }
    expect(found).toEqual({});
  }, 300_000);
});
