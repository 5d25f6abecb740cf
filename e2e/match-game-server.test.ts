// A whole ladder match on the embedded default (`npm start` with nothing installed): two captains veto in two
// browsers, the server box shows the pool server the veto ended on, the emulated CoD4x server plays the
// match while its log agent posts the log, the live round score grows in the room, the log's result is
// entered by the system, and the other captain approves it.
import { STATUS } from '@versus/common/match/statuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';
import { screenshotsAtBothSizes } from './support/screenshots';

/** Clicks the first map nobody picked or banned yet, as the captain whose turn it is. */
async function vetoOnce(page: Page): Promise<void> {
  const before = await page.locator('.map-card[aria-disabled="true"]').count();
  await page.locator('.map-card:not([aria-disabled="true"])').first().click();
  await expect.poll(() => page.locator('.map-card[aria-disabled="true"]').count()).toBeGreaterThan(before);
}

describe('a ladder match on the embedded game servers', () => {
  const suite = serverAndBrowser({
    GAME_SERVER_PROVIDER: 'embedded',
    // About 45 s of play for a whole map: long enough that the box's 30 s status poll sees the map loaded
    // while the match still runs on a busy machine.
    EMBEDDED_MS_PER_GAME_SECOND: '25',
    GAME_SERVER_MONITOR_INTERVAL_MS: '1000',
  });

  it('veto, server box with the allocated server, live round score, automatic result, approval', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    expect(match.statusId).toBe(STATUS.mapVeto);
    const a = await signedInPage(browser, server, match.opponent.captain!);
    const b = await signedInPage(browser, server, match.challenger.captain!);
    await Promise.all([openMatch(a, match.matchId), openMatch(b, match.matchId)]);
    await a.getByText('Server is generated when VETO ends', { exact: true }).waitFor();

    // BO1 from seven maps: six bans, team A (the challenged team) first; the last map is played.
    for (let step = 0; step < 6; step++) await vetoOnce(step % 2 === 0 ? a : b);

    const box = a.locator('.server-box');
    await box
      .getByRole('button', {
        name: /^Copy connection details: connect 127\.0\.0\.1:\d+; password [A-Za-z0-9]{10}$/,
      })
      // Configuring takes about a second on a quiet machine; the box re-reads every 10 s while the server
      // starts, so a loaded CI machine gets several polls.
      .waitFor({ timeout: 60_000 });
    // The box polls the server's status every 30 s (10 s while starting): wait past one poll.
    // The map by its display name once the match's map is loaded.
    await box
      .locator('.server-map')
      .filter({ hasNotText: 'Loading the first map' })
      .waitFor({ timeout: 65_000 })
      .catch(async (err: unknown) => {
        throw new Error(`server box: ${(await box.textContent()) ?? ''}`, { cause: err });
      });

    // The live round score grows as the emulated server plays rounds.
    const live = a.locator('.live-score li').first();
    await live.waitFor({ timeout: 30_000 });
    const first = (await live.textContent()) ?? '';
    await expect.poll(async () => (await live.textContent()) ?? '', { timeout: 30_000 }).not.toBe(first);
    await screenshotsAtBothSizes(a, 'game-server', { fullPage: true });

    // After the last map, the system enters the log's score; the other captain approves it.
    await b.getByRole('button', { name: 'Approve score' }).click({ timeout: 120_000 });
    const dialog = b.getByRole('dialog', { name: /^Approve score: / });
    await dialog.getByText('Score entered from the server log').waitFor();
    const inputs = dialog.locator('input[type="number"]');
    const [mine, theirs] = [
      Number(await inputs.nth(0).inputValue()),
      Number(await inputs.nth(1).inputValue()),
    ];
    expect(Math.max(mine, theirs)).toBe(13);
    expect((await live.textContent()) ?? '').toContain(`${mine} - ${theirs}`);
    await dialog.getByRole('button', { name: 'Approve Score', exact: true }).click();
    await b.getByRole('alert').filter({ hasText: 'Match score was approved successfully' }).first().waitFor();
    await a
      .locator('.info-tile', { hasText: 'Status' })
      .locator('dd')
      .filter({ hasNotText: /progress|entered/i })
      .waitFor();
    await a.context().close();
    await b.context().close();
  }, 300_000); // a whole match is played: the veto, about 20 rounds on the emulator, the approval
});
