// Phones and long input: with the longest names the server takes (20-character usernames, 50-character team
// names, 100-character ladder and tournament titles, 500-character chat lines, 2,000 and 5,000-character
// dispute texts), no page is wider than a 390x844 phone and every open dialog fits it; the ladder's W/L/D
// stays on one line; the header's panels lie over the page and close when the user moves on. Also: location
// cards name their location and measure the ping, "Mark all as seen" clears the "New" tags at once, an
// admin's ticket reply shows live on the player's page, and bad addresses show the app's not-found page.
// With E2E_SCREENSHOTS=<folder> every page is saved at 1440x900 and 390x844.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import {
  acceptChallenge,
  createLongWorld,
  dispute,
  enterScore,
  LONG,
  LONG_PASSWORD,
  playVeto,
  resolveDispute,
  tournamentMatchId,
  type LongWorld,
} from './support/long-world';
import { openMatch, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import type { RunningServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const PHONE = { width: 390, height: 844 };

/** A phone-sized browser context signed in through the sign-in page (null: signed out). */
async function phone(
  browser: Browser,
  server: RunningServer,
  username: string | null,
  password = LONG_PASSWORD,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  context.setDefaultTimeout(Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 15_000));
  const page = await context.newPage();
  if (username === null) return page;
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

// Expressions as strings: they run in the page, and this workspace has no DOM types.
/** What sticks out of the viewport: the page's sideways scroll, the innermost elements that cause it, and
 *  every open dialog that is wider or taller than the screen or scrolls sideways itself. */
const LAYOUT_PROBLEMS = `(() => {
  const width = innerWidth;
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > width) {
    const out = (e) => e.getBoundingClientRect().right > width + 0.5;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((e) => out(e) && ![...e.children].some(out))
      .slice(0, 4)
      .map((e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
    problems.push('page ' + doc.scrollWidth + ' px wide: ' + culprits.join(', '));
  }
  for (const dialog of document.querySelectorAll('[role=dialog], [role=alertdialog]')) {
    const box = dialog.getBoundingClientRect();
    const name = dialog.getAttribute('aria-label') || dialog.querySelector('h2')?.textContent || 'dialog';
    if (box.left < 0 || box.top < 0 || box.right > width + 0.5 || box.bottom > innerHeight + 0.5)
      problems.push(name + ' dialog outside the screen: ' + JSON.stringify(box));
    if (dialog.scrollWidth > dialog.clientWidth + 1)
      problems.push(name + ' dialog scrolls sideways: ' + dialog.scrollWidth + ' > ' + dialog.clientWidth);
  }
  return problems;
})()`;

/** Whether the text of the table cell `column` (0-based) of the row naming `text` sits on one line. */
const cellOnOneLine = (page: Page, text: string, column: number) =>
  page.evaluate<boolean>(`(() => {
    const row = [...document.querySelectorAll('tbody tr')].find((r) => r.textContent.includes(${JSON.stringify(text)}));
    const range = document.createRange();
    range.selectNodeContents(row.querySelectorAll('td')[${column}]);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
  })()`);

describe('phones and long names', () => {
  const suite = serverAndBrowser();
  let world: LongWorld;
  const problems: string[] = [];

  beforeAll(async () => {
    // The tournament starts while the ladder match is walked through its phases.
    world = await createLongWorld(suite.started().server, 60_000);
  }, 120_000);
  afterAll(() => {
    // Every page the stories looked at, and what stuck out of it (the stories assert it is nothing).
    if (problems.length > 0) console.warn(problems.join('\n'));
  });

  /** Opens `url` (unless null), lets it settle, records what sticks out under `name`, saves it. */
  async function look(page: Page, url: string | null, name: string): Promise<string[]> {
    if (url !== null) await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const found = (await page.evaluate<string[]>(LAYOUT_PROBLEMS)).map((p) => `${name}: ${p}`);
    problems.push(...found);
    await screenshotsAtBothSizes(page, `phones-${name}`, { fullPage: true });
    return found;
  }

  it('no page is wider than the phone, in any phase of a match; dialogs fit', async () => {
    const { server, browser } = suite.started();
    const [a, b, c] = world.players;
    const found: string[] = [];

    const visitor = await phone(browser, server, null);
    for (const [url, name] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/no/such/page', 'not-found'],
    ] as const)
      found.push(...(await look(visitor, url, name)));
    await visitor.context().close();

    const pa = await phone(browser, server, a!.username);
    const pb = await phone(browser, server, b!.username);
    for (const [url, name] of [
      ['/', 'home'],
      ['/teams', 'teams'],
      ['/teams/new', 'new-team'],
      [`/team/${a!.teamSlug}`, 'team'],
      ['/ladders', 'ladders'],
      [`/ladders/${world.ladder.slug}`, 'ladder'],
      ['/tournaments', 'tournaments'],
      [`/tournaments/${world.tournament.slug}`, 'tournament'],
      ['/queue', 'queue'],
      ['/leaderboards?list=fps', 'leaderboards'],
      [`/leaderboards?list=teams&competition=ladder:${world.ladder.slug}`, 'leaderboards-teams'],
      [`/user/${a!.username}`, 'profile'],
      ['/settings', 'settings'],
    ] as const)
      found.push(...(await look(pa, url, name)));

    // The match room through its phases: the challenge (and the cancel question) ...
    await openMatch(pa, world.matchId);
    found.push(...(await look(pa, null, 'room-1-challenge')));
    await pa.getByRole('button', { name: 'Cancel', exact: true }).click();
    await pa.getByRole('alertdialog').waitFor();
    found.push(...(await look(pa, null, 'room-1-cancel-question')));
    await pa.getByRole('button', { name: 'No, go back' }).click();
    // ... the veto, half-way ...
    await acceptChallenge(world);
    await playVeto(world, 3);
    await openMatch(pa, world.matchId);
    await pa.locator('.map-grid .map-card').first().waitFor();
    found.push(...(await look(pa, null, 'room-2-veto')));
    // ... the match in play, with the score dialog ...
    await playVeto(world);
    await openMatch(pa, world.matchId);
    await pa.getByRole('button', { name: 'Submit score' }).click();
    await pa.getByRole('dialog').waitFor();
    found.push(...(await look(pa, null, 'room-4-submit-score')));
    // ... the score entered, with the approval dialog and the dispute dialog ...
    await enterScore(world);
    await openMatch(pb, world.matchId);
    found.push(...(await look(pb, null, 'room-8-score-entered')));
    await pb.getByRole('button', { name: 'Approve score' }).click();
    await pb.getByRole('dialog').waitFor();
    found.push(...(await look(pb, null, 'room-8-approve-score')));
    await pb.keyboard.press('Escape');
    await pb.getByRole('button', { name: 'New Dispute' }).click();
    await pb.getByRole('dialog', { name: 'Dispute' }).waitFor();
    await pb.getByRole('dialog').getByRole('textbox').fill(LONG.chat);
    found.push(...(await look(pb, null, 'room-8-dispute')));
    await pb.keyboard.press('Escape');
    // ... disputed, with the ticket (the reason, an admin's message) ...
    const ticketId = await dispute(world);
    await openMatch(pb, world.matchId);
    found.push(...(await look(pb, null, 'room-6-disputed')));
    found.push(...(await look(pb, `/ticket/${ticketId}`, 'ticket')));
    // ... and finished: standings, team and profile show the result.
    await resolveDispute(world, ticketId);
    await openMatch(pa, world.matchId);
    found.push(...(await look(pa, null, 'room-5-finished')));
    found.push(...(await look(pa, `/ladders/${world.ladder.slug}`, 'ladder-after')));
    const wld = pa
      .getByRole('row', { name: new RegExp(LONG.tag(1)) })
      .getByRole('cell')
      .nth(3);
    expect(await wld.textContent()).toBe('1 / 0 / 0');
    expect(await cellOnOneLine(pa, LONG.tag(1), 3), 'W / L / D on one line').toBe(true);
    found.push(...(await look(pa, `/team/${a!.teamSlug}`, 'team-after')));
    found.push(...(await look(pa, `/user/${b!.username}`, 'profile-after')));
    // The notifications of all this, in the open panel.
    await pa.getByRole('button', { name: /^Notifications/ }).click();
    await pa.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    found.push(...(await look(pa, null, 'notifications-panel')));
    await pa.context().close();
    await pb.context().close();

    // The tournament's ready check, once its bracket is drawn.
    const readyUp = await tournamentMatchId(world);
    const pc = await phone(browser, server, c!.username);
    found.push(...(await look(pc, `/tournaments/${world.tournament.slug}`, 'tournament-bracket')));
    await openMatch(pc, readyUp);
    found.push(...(await look(pc, null, 'room-9-ready-up')));
    await pc.context().close();

    // The admin area, and the demo world's statistics in the Match Overview dialog.
    const admin = await phone(browser, server, 'admin', 'password');
    found.push(...(await look(admin, '/admin', 'admin')));
    const finished = await stageScenario(server, 'finished');
    await openMatch(admin, finished.matchId);
    await admin.getByRole('button', { name: 'Match Overview' }).click();
    const overview = admin.getByRole('dialog', { name: 'Match Overview' });
    await overview.locator('table').first().waitFor();
    found.push(...(await look(admin, null, 'room-5-match-overview')));
    // Every column is reachable by scrolling the table's own box; the names stay in view meanwhile.
    const table = overview.getByRole('region', { name: /scoreboard/ }).first();
    await admin.evaluate(`document.querySelector('[role=dialog] [role=region]').scrollTo({ left: 99999 })`);
    const fits = async (cell: Locator) => {
      const [inner, outer] = await Promise.all([cell.boundingBox(), table.boundingBox()]);
      return (
        !!inner && !!outer && inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1
      );
    };
    expect(await fits(table.getByRole('columnheader', { name: 'Defuses' }))).toBe(true);
    expect(await fits(table.getByRole('rowheader').first())).toBe(true);
    expect(await fits(table.getByRole('columnheader', { name: 'Username' }))).toBe(true);
    // At the phone's size only (the helper's laptop size would fit the table and reset the scroll).
    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) await admin.screenshot({ path: `${shots}/phones-room-5-match-overview-scrolled-390.png` });
    await admin.context().close();

    // The solo-queue's dialogs: the picker and the location vote.
    for (const scenario of ['pug-pick', 'pug-location'] as const) {
      const match = await stageScenario(server, scenario);
      const captain = await phone(browser, server, match.challenger.captain, 'password');
      await openMatch(captain, match.matchId);
      await captain.getByRole('dialog').locator('li').first().waitFor();
      found.push(...(await look(captain, null, `room-${scenario}`)));
      await captain.context().close();
    }

    expect(found).toEqual([]);
  }, 600_000);

  it('the header panels lie over the page on a phone and close when the user moves on', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    const page = await phone(browser, server, match.challenger.captain, 'password');
    await openMatch(page, match.matchId);
    const grid = page.locator('.map-grid');
    const before = await grid.boundingBox();
    await page.getByRole('button', { name: /^Active games/ }).click();
    const panel = page.getByRole('region', { name: 'Active games' });
    await panel.getByRole('link').first().waitFor();
    await screenshotsAtBothSizes(page, 'phones-panel-over-veto');
    // The panel covers the top of the page; the veto has not moved down.
    expect(await grid.boundingBox()).toEqual(before);
    expect((await panel.boundingBox())!.y).toBeLessThan(before!.y + 100);

    // Moving to another page closes it: the brand link home, then a match link inside the panel itself.
    await page.getByRole('link', { name: 'Versus', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => panel.count()).toBe(0);
    await page.getByRole('button', { name: /^Active games/ }).click();
    await panel.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/match/'));
    await page.locator('.match-page').waitFor();
    await expect.poll(() => panel.count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Active games/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    // Stored closed: a reload keeps it closed.
    await page.reload();
    await page.locator('.match-page').waitFor();
    const toggle = page.getByRole('button', { name: /^Active games/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.count()).toBe(0);
    await page.context().close();
  });

  it('location cards name their location and show the measured ping', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'pug-location');
    const page = await phone(browser, server, match.opponent.captain, 'password');
    await openMatch(page, match.matchId);
    const dialog = page.getByRole('dialog', { name: 'Location Voting' });
    const card = dialog.getByRole('button', { name: /Demo Frankfurt/ });
    await card.waitFor();
    await expect.poll(() => card.locator('.location-ping').textContent()).toMatch(/^\d+ ms$/);
    expect(await dialog.getByText(/https?:\/\//).count()).toBe(0);
    await screenshotsAtBothSizes(page, 'phones-location-cards', { element: dialog });
    await page.context().close();
  });

  it('"Mark all as seen" takes the "New" tags away at once', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-challenge');
    const page = await phone(browser, server, match.opponent.captain, 'password');
    await page.getByRole('button', { name: /^Notifications [1-9]/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('New', { exact: true }).first().waitFor();
    await panel.getByRole('button', { name: 'Mark all as seen' }).click();
    await expect.poll(() => panel.getByText('New', { exact: true }).count()).toBe(0);
    expect(await panel.getByRole('listitem').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("an admin's reply appears on the player's open ticket page without a reload", async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'disputed');
    const page = await phone(browser, server, match.challenger.captain, 'password');
    await openMatch(page, match.matchId);
    await page.getByRole('link', { name: 'See dispute' }).click();
    await page.locator('.ticket[data-live="true"]').waitFor();
    const ticketId = Number(/\/ticket\/(\d+)/.exec(page.url())?.[1]);
    await world.admin.ok('POST', `/api/v1/tickets/${ticketId}/messages`, {
      message: 'An admin is watching the demo now.',
    });
    await page.getByText('An admin is watching the demo now.').waitFor();
    await screenshotsAtBothSizes(page, 'phones-ticket-live-reply');
    await page.context().close();
  });

  it('bad input in the address bar shows the not-found page, never JSON', async () => {
    const { server, browser } = suite.started();
    const page = await openPage(browser, server.url);
    for (const [url, text] of [
      ['/tournaments/x%00y', 'This tournament does not exist.'],
      ['/team/%00', 'This team does not exist.'],
      ['/user/a%ZZ', 'This player does not exist.'],
      ['/api/v1/tournaments/x%00y', 'There is nothing at this address.'],
      ['/api/v1/match/abc', 'There is nothing at this address.'],
    ] as const) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByText(text).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('{"message"');
    }
    await screenshotsAtBothSizes(page, 'phones-bad-address');
    await page.context().close();
  });
});
