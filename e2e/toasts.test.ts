// Toasts in Chromium under the app's strict Content-Security-Policy: on every kind of page a success and an
// error toast show in the viewport's top-right corner, small, floating over the page (it does not grow),
// and close by themselves after about 5 s; the browser reports no CSP violation while they show.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { cspViolations, watchCspViolations } from './support/csp';
import { signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';
import { expectToastTopRight, pageHeight, toastWith } from './support/toasts';

const SUCCESS = 'Notifications have been marked as seen.';
const FAILURE = 'Failed to mark all notifications as seen.';
const MARK_ALL = '**/api/v1/notification/mark-as-seen-all-notifications';

/** Opens the header's Notifications panel (on every page) unless it is open already. */
async function openNotifications(page: Page): Promise<void> {
  if (await page.getByRole('button', { name: 'Mark all as seen' }).isVisible()) return;
  await page
    .getByRole('navigation', { name: 'Panels' })
    .getByRole('button', { name: /Notifications/ })
    .click();
  await page.getByRole('button', { name: 'Mark all as seen' }).waitFor();
}

/**
 * "Mark all as seen" gives the spec's success toast, and once more with the server failing (the request
 * answered 500 in the browser) its error toast.
 */
async function showSuccessAndErrorToasts(page: Page): Promise<void> {
  const markAll = page.getByRole('button', { name: 'Mark all as seen' });
  await markAll.click();
  await toastWith(page, SUCCESS).waitFor();
  await page.route(MARK_ALL, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
  );
  await markAll.click();
  await toastWith(page, FAILURE).waitFor();
  await page.unroute(MARK_ALL);
}

const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

describe('toasts under the Content-Security-Policy', () => {
  const suite = serverAndBrowser();

  it('show top-right, small and over the page on every kind of page, close by themselves, no CSP report', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'disputed');
    const admin = await apiSession(server, 'admin');
    const first = async (path: string) =>
      ((await admin.call('GET', path)).body as { data: { slug: string }[] }).data[0]?.slug ?? '';
    const ticket = (await admin.call('GET', `/api/v1/match-detail/dispute/${match.matchId}/can-dispute`))
      .body as { data: { ticket: { id: number } | null } };
    expect(ticket.data.ticket).not.toBeNull();
    const pages: [string, string][] = [
      ['home', '/'],
      ['match-room', `/match/${match.matchId}`],
      ['team', `/team/${await first('/api/v1/teams')}`],
      ['ladder', `/ladder/${await first('/api/v1/ladders')}`],
      ['tournament', `/tournaments/${await first('/api/v1/tournaments')}`],
      ['queue', '/queue'],
      ['settings', '/settings'],
      ['profile', '/user/admin'],
      ['admin', '/admin'],
      ['ticket', `/ticket/${ticket.data.ticket?.id ?? 0}`],
    ];

    const page = await signedInPage(browser, server, 'admin');
    const consoleViolations = await watchCspViolations(page);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      for (const [name, path] of pages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
        await openNotifications(page);
        await page.waitForLoadState('networkidle');
        const before = await pageHeight(page);
        const shownAt = Date.now();
        await showSuccessAndErrorToasts(page);
        const success = toastWith(page, SUCCESS);
        const failure = toastWith(page, FAILURE);
        await expectToastTopRight(success);
        await expectToastTopRight(failure);
        expect(await failure.getAttribute('class'), name).toContain('Toastify__toast--error');
        expect(await success.getAttribute('class'), name).toContain('Toastify__toast--success');
        // Over the page, not in it (a page does not grow when a toast shows).
        expect(await pageHeight(page), name).toBe(before);
        if (process.env.E2E_SCREENSHOTS) {
          // Only for the picture: the second toast's entry animation ends.
          await page.waitForTimeout(1000);
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOTS}/toast-${name}-${String(width)}.png`,
          });
        }
        expect(await cspViolations(page, consoleViolations), name).toEqual([]);
        if (width !== 1440) continue;
        // They close by themselves: not before their 5 s, and then for good.
        await failure.waitFor({ state: 'detached', timeout: 20_000 });
        await success.waitFor({ state: 'detached', timeout: 5_000 });
        expect(Date.now() - shownAt, name).toBeGreaterThanOrEqual(5_000);
      }
    }
    await page.context().close();
  }, 300_000);
});
