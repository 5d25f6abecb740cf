import { describe, expect, it } from 'vitest';
import { cspViolations, watchCspViolations } from './support/csp';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';
import { expectToastTopRight, toastWith } from './support/toasts';

// The app under its Content-Security-Policy in Chromium: pages render, the early-request inline script runs
// (its hash is in the policy), the realtime socket connects, toasts show styled, and the browser reports no
// violation.

describe('the app under its security headers', () => {
  const suite = serverAndBrowser();

  it('serves the pages with a CSP, framing refused and nosniff', async () => {
    const { server } = suite.started();
    const response = await fetch(`http://127.0.0.1:${server.port}/match/1`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('home, sign-in and the match room work with no violation reported', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    const page = await signedInPage(browser, server, match.challenger.captain!);
    const consoleErrors = await watchCspViolations(page);

    await page.goto('/');
    await page.locator('#app *').first().waitFor();
    expect(await cspViolations(page, consoleErrors)).toEqual([]);

    await openMatch(page, match.matchId);
    await page.locator('.veto-status').waitFor();
    // The early-request script is inline: it ran, so its hash matched.
    expect(await page.evaluate('typeof window.__versusEarly')).toBe('object');
    // Toasts load their stylesheet with their chunk: an error (the challenger's captain clicks a map out of
    // turn) and a success (the header's "Mark all as seen") show styled, with no violation either.
    await page.locator('.map-card').first().click();
    await expectToastTopRight(toastWith(page, "It's not your turn to pick/ban!"));
    await page
      .getByRole('navigation', { name: 'Panels' })
      .getByRole('button', { name: /Notifications/ })
      .click();
    await page.getByRole('button', { name: 'Mark all as seen' }).click();
    await expectToastTopRight(toastWith(page, 'Notifications have been marked as seen.'));
    await page.screenshot({ path: '/tmp/harden-csp-match.png' });
    expect(await cspViolations(page, consoleErrors)).toEqual([]);
    await page.context().close();
  });
});
