import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

const card = (page: Page, index: number) => page.locator('.map-card').nth(index);

/**
 * Cuts the page's network and closes its open WebSockets (through the DevTools protocol: offline emulation
 * alone only holds frames back, it does not drop the socket).
 */
async function dropConnection(page: Page): Promise<void> {
  await page.context().setOffline(true);
  const cdp = await page.context().newCDPSession(page);
  const { result: proto } = await cdp.send('Runtime.evaluate', { expression: 'WebSocket.prototype' });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId! });
  await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId!,
    functionDeclaration: 'function () { for (const ws of this) ws.close(); }',
  });
  await cdp.detach();
}

describe('a captain whose connection drops during the veto', () => {
  const suite = serverAndBrowser();

  it('catches up on the move made while offline once it reconnects', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    const a = await signedInPage(browser, server, match.opponent.captain!);
    const b = await signedInPage(browser, server, match.challenger.captain!);
    await Promise.all([openMatch(a, match.matchId), openMatch(b, match.matchId)]);

    await dropConnection(b);
    await card(a, 0).click();
    await card(a, 0).locator('.map-badge').waitFor();
    await a.waitForTimeout(500);
    expect(await card(b, 0).locator('.map-badge').count(), 'B is offline: the ban has not reached it').toBe(
      0,
    );

    // Back online: pusher-js reconnects and resubscribes; the resubscription refetches the match.
    await b.context().setOffline(false);
    // Within the default 15 s, before the turn's 30 s deadline could make a second broadcast hide a failure.
    await card(b, 0).locator('.map-badge').waitFor();
    await a.context().close();
    await b.context().close();
  });
});
