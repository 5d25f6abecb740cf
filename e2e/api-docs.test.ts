import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
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
    await page.locator('.swagger-ui .info .title', { hasText: 'Versus API' }).waitFor();

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
});
