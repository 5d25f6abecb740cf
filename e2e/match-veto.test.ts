import { STATUS } from '@versus/common/match/statuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

/** The cards of the veto grid, in grid order. */
const cards = (page: Page) => page.locator('.map-card');

async function mapNames(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const card of await cards(page).all()) {
    names.push(((await card.getAttribute('aria-label')) ?? '').replace(/ \(.*\)$/, ''));
  }
  return names;
}

/** The badge of the card named `name`, waited for (it arrives over the websocket on the other side). */
async function expectBadge(page: Page, name: string, badge: string): Promise<void> {
  const card = page.getByRole('button', { name: new RegExp(`^${name} \\(`) });
  await card.locator('.map-badge', { hasText: badge }).waitFor();
}

/** A toast reading exactly `text` (so a server refusal, "Error(s): ...", cannot pass for a client one). */
async function expectToast(page: Page, text: string): Promise<void> {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.getByRole('alert').filter({ hasText: exact }).first().waitFor();
}

describe('two captains veto a best-of-three', () => {
  const suite = serverAndBrowser();

  it('each sees the other’s moves live, with the wrong-turn and already-banned refusals', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto-bo3');
    expect(match.statusId).toBe(STATUS.mapVeto);
    // Team A, which acts first, is the challenged team (the opponent).
    const a = { page: await signedInPage(browser, server, match.opponent.captain!), ...match.opponent };
    const b = { page: await signedInPage(browser, server, match.challenger.captain!), ...match.challenger };
    await Promise.all([openMatch(a.page, match.matchId), openMatch(b.page, match.matchId)]);

    const maps = await mapNames(a.page);
    expect(maps).toHaveLength(7);
    expect(await mapNames(b.page)).toEqual(maps);
    const status = (page: Page) => page.locator('.veto-status');
    await status(a.page)
      .filter({ hasText: /is removing a map \| \d+ seconds remaining \.\.\.$/ })
      .waitFor();
    expect(await status(b.page).textContent()).toMatch(
      new RegExp(`${a.captain} is removing a map \\| \\d+ seconds remaining \\.\\.\\.$`),
    );

    const [m0, m1, m2, m3, m4, m5, m6] = maps as [string, string, string, string, string, string, string];
    const by = (side: typeof a) => `${side.team} (${side.captain})`;
    const move = async (side: typeof a, other: typeof a, name: string, badge: string) => {
      await side.page.getByRole('button', { name: new RegExp(`^${name} \\(`) }).click();
      await expectToast(side.page, `${name} - selected successfully.`);
      await expectBadge(other.page, name, badge);
      await expectBadge(side.page, name, badge);
    };

    await move(a, b, m0, `1st ban by ${by(a)}`);
    await status(a.page)
      .filter({ hasText: `${b.captain} is removing a map` })
      .waitFor();

    // A again, out of turn; B on a map already banned: refused in the browser with the spec's texts.
    await a.page.getByRole('button', { name: new RegExp(`^${m1} \\(`) }).click();
    await expectToast(a.page, "It's not your turn to pick/ban!");
    // aria-disabled tells assistive tech the map is taken; the click still explains why (force: Playwright
    // would otherwise wait for the button to become enabled).
    await b.page.getByRole('button', { name: new RegExp(`^${m0} \\(`) }).click({ force: true });
    await expectToast(b.page, `${m0} - is already picked/banned!`);
    await status(b.page)
      .filter({ hasText: /is removing a map/ })
      .waitFor();

    await move(b, a, m1, `2nd ban by ${by(b)}`);
    await status(a.page)
      .filter({ hasText: /is picking a map/ })
      .waitFor();
    await move(a, b, m2, `1st map, picked by ${by(a)}`);
    await move(b, a, m3, `2nd map, picked by ${by(b)}`);
    await move(a, b, m4, `3rd ban by ${by(a)}`);
    await move(b, a, m5, `4th ban by ${by(b)}`);
    for (const page of [a.page, b.page]) {
      await expectBadge(page, m6, '3rd map, decider');
      // Out of the veto the status line is cleared, and the room says what is played, in order.
      await expect.poll(() => status(page).textContent()).toBe('');
      await page
        .locator('.veto-summary-line', { hasText: `Map 1 ${m2} · Map 2 ${m3} · Decider ${m6}` })
        .waitFor();
    }
    await a.page.context().close();
    await b.page.context().close();
  });
});
