import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

const status = (page: Page) => page.locator('.veto-status');
const badges = (page: Page) => page.locator('.map-card .map-badge');

// The veto turn is the ladder's own setting (30 s in the demo world, no env override), so this story
// waits one real turn (about 31 s here).
describe('auto-veto after a timeout', () => {
  const suite = serverAndBrowser();

  it('nobody bans in time: the system bans a map and hands the turn on, seen live by both', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    const first = ((await status(opponent).textContent()) ?? '').replace(/ \| .*$/, '');
    expect(first).toMatch(/is removing a map$/);
    expect(await badges(opponent).count()).toBe(0);

    // The countdown runs out; the sweeper bans for the late captain; both pages get the new match.
    for (const page of [challenger, opponent]) {
      await expect.poll(() => badges(page).count(), { timeout: 40_000, interval: 500 }).toBeGreaterThan(0);
      await status(page)
        .filter({ hasText: /is (removing|picking) a map \| \d+ seconds remaining \.\.\.$/ })
        .waitFor();
    }
    expect(((await status(opponent).textContent()) ?? '').replace(/ \| .*$/, '')).not.toBe(first);
    await challenger.context().close();
    await opponent.context().close();
  }, 90_000); // one real 30 s veto turn, with room for a slow machine
});
