// Two captains agree a match time in two browsers (docs/scheduling.md): captain A (Red Dragons, in Berlin)
// proposes two times, captain B (Northern Wolves, in New York) sees them live and counter-proposes, A sees
// the counter live and accepts it; both see the agreed start in their own time zone. No CSP report; nothing
// widens a phone.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { cspViolations, watchCspViolations } from './support/csp';
import { openMatch } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import type { RunningServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const DAY = 24 * 3_600_000;

/** The `datetime-local` value of instant `ms` on a wall clock in `timeZone`. */
function localValue(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}`;
}

/** A person in their own browser context, time zone and language, signed in through the sign-in page. */
async function personIn(browser: Browser, server: RunningServer, username: string, timezoneId: string) {
  const context = await browser.newContext({ baseURL: server.url, timezoneId, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const csp = await watchCspViolations(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { page, csp };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Schedule' });

describe('captains agree a match time', () => {
  const suite = serverAndBrowser();

  it('A proposes, B counter-proposes live, A accepts; both see the agreed start in their own time zone', async () => {
    const { server, browser } = suite.started();
    const p1 = await apiSession(server, 'player1');
    const ladders = (await p1.call('GET', '/api/v1/ladders')).body as { data: { id: number }[] };
    const teams = (await p1.call('GET', '/api/v1/teams?search=Northern')).body as { data: { id: number }[] };
    const created = await p1.call('POST', `/api/v1/ladders/${String(ladders.data[0]?.id)}/challenges`, {
      opponentTeamId: teams.data[0]?.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const matchId = (created.body as { data: { id: number } }).data.id;

    const a = await personIn(browser, server, 'player1', 'Europe/Berlin');
    const b = await personIn(browser, server, 'player6', 'America/New_York');
    await openMatch(a.page, matchId);
    await openMatch(b.page, matchId);
    await panel(a.page).getByText('No start time agreed yet.').waitFor();

    // A proposes two times (whole minutes, tomorrow and the day after, on A's Berlin clock).
    const base = Math.ceil((Date.now() + DAY) / 3_600_000) * 3_600_000;
    const [first, second] = [base, base + DAY];
    await panel(a.page).getByLabel('Time 1').fill(localValue(first, 'Europe/Berlin'));
    await panel(a.page).getByLabel('Time 2').fill(localValue(second, 'Europe/Berlin'));
    await panel(a.page).getByRole('button', { name: 'Propose', exact: true }).click();
    await a.page.getByText('Your times were proposed.').first().waitFor();

    // B sees them live (no reload): two times to accept, and a counter-proposal form.
    const fromA = panel(b.page).getByRole('heading', { name: 'Proposed by Red Dragons (player1)' });
    await fromA.waitFor();
    expect(await panel(b.page).getByRole('button', { name: 'Accept' }).count()).toBe(2);
    expect(await panel(b.page).locator('.schedule-proposal time').first().getAttribute('datetime')).toBe(
      new Date(first).toISOString(),
    );
    await screenshotsAtBothSizes(b.page, 'match-scheduling-proposed', { scrollTo: panel(b.page) });

    // B counter-proposes one time on B's New York clock: it replaces A's proposal.
    const counter = base + 2 * DAY;
    await panel(b.page).getByLabel('Time 1').fill(localValue(counter, 'America/New_York'));
    await panel(b.page).getByRole('button', { name: 'Counter-propose' }).click();
    await b.page.getByText('Your times were proposed.').first().waitFor();

    // A sees the counter live and accepts it.
    await panel(a.page).getByRole('heading', { name: 'Proposed by Northern Wolves (player6)' }).waitFor();
    expect(await panel(a.page).getByRole('button', { name: 'Accept' }).count()).toBe(1);
    await panel(a.page).getByRole('button', { name: 'Accept' }).click();
    await a.page.getByText('The start time is agreed.').first().waitFor();

    // Both see the agreed start, each in their own time zone.
    const agreedIso = new Date(counter).toISOString();
    for (const { page } of [a, b]) {
      const time = panel(page).locator('.schedule-agreed time');
      await time.waitFor();
      expect(await time.getAttribute('datetime')).toBe(agreedIso);
    }
    const berlin = (await panel(a.page).locator('.schedule-agreed time').textContent()) ?? '';
    const newYork = (await panel(b.page).locator('.schedule-agreed time').textContent()) ?? '';
    expect(berlin).toMatch(/GMT\+[12]|CES?T/);
    expect(newYork).toMatch(/E[SD]T|GMT-[45]/);
    expect(berlin).not.toBe(newYork);
    await screenshotsAtBothSizes(a.page, 'match-scheduling-agreed', { scrollTo: panel(a.page) });

    // Settings: A's private calendar link lists the agreed match; Reset link makes the old one 404.
    await a.page.goto('/settings');
    const feedUrl = (await a.page.getByTestId('calendar-url').textContent()) ?? '';
    const feed = await a.page.request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Red Dragons vs Northern Wolves');
    await screenshotsAtBothSizes(a.page, 'settings-calendar', {
      element: a.page.getByRole('region', { name: 'Calendar' }),
    });
    await a.page.getByRole('button', { name: 'Reset link' }).click();
    await a.page.getByText('Your calendar link was reset: the old link no longer works.').first().waitFor();
    await expect.poll(() => a.page.getByTestId('calendar-url').textContent()).not.toBe(feedUrl);
    expect((await a.page.request.get(feedUrl)).status()).toBe(404);

    // Nothing widens a phone; no CSP report.
    for (const { page, csp } of [a, b]) {
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      expect(await cspViolations(page, csp)).toEqual([]);
      await page.context().close();
    }
  });
});
