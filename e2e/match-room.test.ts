// The match room, player first (docs/web-layout.md), at 1440x900 and on a 390x844 phone: the captain on turn
// finds the veto grid and the picker without scrolling and the turn in the tab title; Cancel asks first; no
// listed page scrolls sideways on the phone. It also saves the room in each phase at both sizes under
// e2e/screenshots/ (not committed) so a reviewer can look at every phase in one folder.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { openMatch, stageScenario, type Scenario } from './support/match';
import type { RunningServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

async function signedIn(
  browser: Browser,
  server: RunningServer,
  username: string,
  size: Size,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[size] });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** Whether the element's whole box lies inside the viewport (no scrolling needed to see it). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  );
}

/** How many pixels the page scrolls sideways (0 when it fits). */
// Expressions as strings: they run in the page, and this workspace has no DOM types.
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/** The innermost elements that stick out on the right, for the failure message. */
const widest = (page: Page) =>
  page.evaluate<string>(`(() => {
    const width = document.documentElement.clientWidth;
    const out = (e) => e.getBoundingClientRect().right > width + 0.5;
    return [...document.querySelectorAll('body *')]
      .filter((e) => out(e) && ![...e.children].some(out))
      .slice(0, 5)
      .map((e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))
      .join(', ');
  })()`);

/** Saves the whole page, and with `viewport` also what shows without scrolling. */
async function shoot(page: Page, name: string, size: Size, viewport = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let deferred panels, images and fonts settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
  if (viewport) await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-viewport.png`) });
}

describe('the match room, player first', () => {
  const suite = serverAndBrowser();

  const ready = () => {
    const { server, browser } = suite.started();
    return { server, browser };
  };

  it('the captain on turn sees the veto grid without scrolling and the turn in the tab title', async () => {
    const { server, browser } = ready();
    const match = await stageScenario(server, 'ladder-veto');
    const admin = await apiSession(server, 'admin');
    const veto = (await admin.call('GET', `/api/v1/match/${match.matchId}`)).body as {
      data: { vetoDetail: { userId: number } | null; challengerUser: { id: number; username: string } };
    };
    const captains = [match.challenger, match.opponent];
    const onTurn =
      veto.data.vetoDetail?.userId === veto.data.challengerUser.id ? match.challenger : match.opponent;
    const waiting = captains.find((side) => side !== onTurn)!;
    for (const size of ['desktop', 'phone'] as const) {
      const page = await signedIn(browser, server, onTurn.captain!, size);
      await openMatch(page, match.matchId);
      await page.locator('.map-grid .map-card').first().waitFor();
      await expect.poll(() => page.title()).toBe('Your turn – ban a map · Versus');
      await page.locator('.phase-bar-your-turn').getByText('Your turn – ban a map').waitFor();
      await shoot(page, '2-veto-your-turn', size, true);
      const grid = page.locator('.map-grid');
      const where = JSON.stringify(await grid.boundingBox());
      expect(await inViewport(page, grid), `veto grid in the ${size} viewport: ${where}`).toBe(true);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.context().close();

      const other = await signedIn(browser, server, waiting.captain!, size);
      await openMatch(other, match.matchId);
      await other.locator('.phase-turn', { hasText: `${onTurn.captain} is banning a map` }).waitFor();
      expect(await other.title()).not.toContain('Your turn');
      await shoot(other, '2-veto-waiting', size);
      await other.context().close();
    }
  });

  it('the picking captain sees the picker without scrolling and the turn in the tab title', async () => {
    const { server, browser } = ready();
    const match = await stageScenario(server, 'pug-pick');
    const admin = await apiSession(server, 'admin');
    const pug = (await admin.call('GET', `/api/v1/pug/${match.matchId}/users`)).body as {
      data: { pickerTeamId: number; challengerTeamId: number };
    };
    const picker = pug.data.pickerTeamId === pug.data.challengerTeamId ? match.challenger : match.opponent;
    for (const size of ['desktop', 'phone'] as const) {
      const page = await signedIn(browser, server, picker.captain!, size);
      await openMatch(page, match.matchId);
      const dialog = page.getByRole('dialog', { name: 'Player Picker' });
      const first = dialog.locator('.picker-pool li').first();
      await first.waitFor();
      await expect.poll(() => page.title()).toBe('Your turn – pick a player · Versus');
      await shoot(page, '10-player-select', size, true);
      expect(await inViewport(page, first), `picker in the ${size} viewport`).toBe(true);
      await page.context().close();
    }
  });

  it('Cancel asks first, and going back keeps the match', async () => {
    const { server, browser } = ready();
    const match = await stageScenario(server, 'ladder-challenge');
    const phone = await signedIn(browser, server, match.challenger.captain!, 'phone');
    await openMatch(phone, match.matchId);
    await phone.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    await shoot(phone, '1-challenge', 'phone');
    await phone.context().close();

    const page = await signedIn(browser, server, match.challenger.captain!, 'desktop');
    await openMatch(page, match.matchId);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await shoot(page, '1-challenge', 'desktop');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this match?' });
    await dialog.waitFor();
    // The safe way back has the focus; going back changes nothing.
    const back = dialog.getByRole('button', { name: 'No, go back' });
    expect(await page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe('No, go back');
    await shoot(page, '1-cancel-confirmation', 'desktop');
    await back.click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.phase-name', { hasText: 'Challenge' }).waitFor();

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, end the match' }).click();
    await page.getByRole('alert').filter({ hasText: 'Match was cancelled successfully' }).first().waitFor();
    await page.locator('.phase-name', { hasText: 'Cancelled' }).waitFor();
    await page.context().close();
  });

  it('saves every other phase at both sizes, none scrolling sideways on the phone', async () => {
    const { server, browser } = ready();
    const phases: [string, string][] = [
      ['tournament-ready', '9-ready-up'],
      ['pug-location', '11-location-select'],
      ['in-progress', '4-in-progress'],
      ['score-entered', '8-score-entered'],
      ['disputed', '6-disputed'],
      ['finished', '5-finished'],
    ];
    for (const [scenario, name] of phases) {
      const match: Scenario = await stageScenario(server, scenario);
      for (const size of ['desktop', 'phone'] as const) {
        const page = await signedIn(
          browser,
          server,
          match.opponent.captain ?? match.opponent.players[0]!,
          size,
        );
        await openMatch(page, match.matchId);
        await page.locator('.info-tiles').waitFor();
        if (scenario === 'in-progress') {
          await page
            .locator('.server-box')
            .locator('.server-facts, .server-starting, .server-offline')
            .first()
            .waitFor();
          // The connect block names the location by flag, city and country.
          await page
            .locator('.server-location', {
              hasText:
                /(Frankfurt, Germany|London, United Kingdom|Amsterdam, Netherlands|New York, United States|Stockholm, Sweden)/,
            })
            .waitFor();
          expect(await page.locator('.server-location img.flag').count()).toBe(1);
        }
        if (scenario === 'score-entered' || scenario === 'finished') {
          await page.locator('.veto-summary-line').waitFor();
        }
        // The ready check (10 minutes) and the score approval (24 hours) count down in the phase bar.
        const clocks: Record<string, RegExp | undefined> = {
          'tournament-ready': /^Time left: [0-9]:[0-5][0-9]$/,
          'score-entered': /^Time left: 2[0-3]:[0-5][0-9]:[0-5][0-9]$/,
        };
        const clock = clocks[scenario];
        if (clock) await expect.poll(() => page.locator('.phase-clock').textContent()).toMatch(clock);
        await shoot(page, name, size);
        expect(await sidewaysOverflow(page), `${name} at ${size}`).toBeLessThanOrEqual(0);
        await page.context().close();
      }
    }
  }, 240_000);

  it('no listed page scrolls sideways at 390 px, and the phone header stays within 64 px', async () => {
    const { server, browser } = ready();
    const disputed = await stageScenario(server, 'disputed');
    const page = await signedIn(browser, server, 'admin', 'phone');
    const header = await page.locator('.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);

    await page.goto('/ladders');
    const ladder =
      (await page.locator('main a[href^="/ladder"]:not([href="/ladders"])').first().getAttribute('href')) ??
      '/ladders';
    await page.goto('/tournaments');
    const tournament =
      (await page
        .locator('main a[href^="/tournament"]:not([href="/tournaments"])')
        .first()
        .getAttribute('href')) ?? '/tournaments';
    await openMatch(page, disputed.matchId);
    const ticket = (await page.getByRole('link', { name: 'See dispute' }).getAttribute('href')) ?? '/';
    const pages = [
      `/match/${disputed.matchId}`,
      `/user/${disputed.challenger.captain}`,
      ladder,
      tournament,
      '/teams',
      '/queue',
      ticket,
      '/admin',
    ];
    const overflowing: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      if (url === '/teams') {
        // Every team is listed (the admin is on none), not only the viewer's.
        const all = page.getByRole('list', { name: 'All teams' });
        await all.getByRole('link', { name: '[IPH] Iron Phantoms' }).waitFor();
        expect(await all.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
      }
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name = url.replace(/\//g, '_').replace(/^_/, '');
      await shoot(page, `page-${name}`, 'phone');
      if ((await sidewaysOverflow(page)) > 0) overflowing.push(`${url}: ${await widest(page)}`);
    }
    expect(overflowing, 'pages that scroll sideways at 390 px').toEqual([]);
    await page.context().close();
  });
});
