import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { cspViolations, watchCspViolations } from './support/csp';
import { signedInPage } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

/** Where a story's screenshots go when `E2E_SCREENSHOTS` names a folder (to look at them by hand). */
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('the API reference', () => {
  const suite = serverAndBrowser();

  it('a developer opens /api/docs, finds the match endpoints and reads the veto answer', async () => {
    const { server, browser } = suite.started();
    const page = await openPage(browser, server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    const opened = await page.goto('/api/docs');
    expect(opened?.status(), 'GET /api/docs status').toBe(200);
    // The reference's bundle is large: on a loaded machine it takes a while to draw.
    await page.locator('.swagger-ui .info .title', { hasText: 'Versus API' }).waitFor({ timeout: 30_000 });

    // The match room's operations, each under its path as the document names it.
    const matchRoom = page.locator('#operations-tag-Match_room');
    await matchRoom.waitFor();
    for (const [method, path] of [
      ['get', '/api/v1/match/{id}'],
      ['post', '/api/v1/match/{matchId}/map/{mapId}'],
      ['get', '/api/v1/match-detail/{id}'],
      ['post', '/api/v1/match-detail/status/{id}/accept'],
    ] as const) {
      await page.locator(`.opblock-${method} .opblock-summary-path[data-path="${path}"]`).first().waitFor();
    }

    // Opening the veto read shows its path parameter and the answer built from the VetoMatch schema.
    const veto = page.locator('.opblock-get', {
      has: page.locator('.opblock-summary-path[data-path="/api/v1/match/{id}"]'),
    });
    await veto.locator('.opblock-summary').first().click();
    await veto.locator('.parameters').getByText('Match id').waitFor();
    const answer = veto.locator('.responses-wrapper');
    await answer.getByText('timeRemaining', { exact: false }).first().waitFor();
    expect(await answer.textContent()).toContain('vetoDetail');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-docs-1440.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.opblock-summary-path[data-path="/api/v1/match/{matchId}/map/{mapId}"]').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-docs-390.png` });
    await page.context().close();
  });

  it('a player makes a read-only API token in settings and tries a call with it in /api/docs', async () => {
    const { server, browser } = suite.started();
    const page = await signedInPage(browser, server, 'player7');
    const violations = await watchCspViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings');
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'API tokens' }) });
    await panel.getByLabel('Token name').fill('Stream overlay');
    await panel.getByRole('button', { name: 'Make token' }).click();
    const token = (await panel.getByTestId('api-token').textContent()) ?? '';
    expect(token).toMatch(/^vsp_\d+_/);
    const listed = panel.locator('.api-token strong', { hasText: 'Stream overlay' });
    await listed.waitFor();
    await panel.getByText('never used').waitFor();
    // A nameless token is refused under the field.
    await panel.getByRole('button', { name: 'Make token' }).click();
    await panel.getByText('The name field is required.').waitFor();
    await screenshotsAtBothSizes(page, 'api-tokens', { element: panel });
    expect(await cspViolations(page, violations)).toEqual([]);

    // In a browser with no session: the reference's "Authorize" takes the token, "Try it out" reads as player7.
    const docs = await openPage(browser, server.url);
    await docs.setViewportSize({ width: 1440, height: 900 });
    await docs.goto('/api/docs');
    await docs.locator('.swagger-ui .info .title', { hasText: 'Versus API' }).waitFor({ timeout: 30_000 });
    await docs.locator('button.authorize').first().click();
    const dialog = docs.locator('.dialog-ux');
    await dialog.locator('input[type=text], input[type=password]').first().waitFor();
    const block = dialog.locator('.auth-container', { hasText: 'apiToken' });
    await block.locator('input').fill(token);
    await block.getByRole('button', { name: 'Apply credentials' }).click();
    await dialog.locator('button.close-modal').click();
    const me = docs.locator('.opblock-get', {
      has: docs.locator('.opblock-summary-path[data-path="/api/v1/auth/me"]'),
    });
    await me.locator('.opblock-summary').first().click();
    await me.getByRole('button', { name: 'Try it out' }).click();
    await me.getByRole('button', { name: 'Execute' }).click();
    const body = me.locator('.live-responses-table .response-col_description');
    await body.getByText('"username": "player7"').first().waitFor();
    if (SHOTS) await me.screenshot({ path: `${SHOTS}/api-docs-token-1440.png` });
    await docs.context().close();

    // Settings now says when the token was used; revoking it takes it off the list.
    await page.reload();
    await panel.getByText('last used', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Revoke Stream overlay' }).click();
    await page.getByText('Token revoked.').first().waitFor();
    await listed.waitFor({ state: 'detached' });
    await page.context().close();
  }, 120_000);
});
