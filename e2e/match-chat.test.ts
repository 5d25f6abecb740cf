import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

const onlineHeading = (page: Page) => page.locator('#chat-online-heading');
const onlineNames = async (page: Page) =>
  (await page.locator('.chat-online-list li').allTextContents()).map((text) => text.trim());
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');

describe('two captains chat in the match room', () => {
  const suite = serverAndBrowser();

  it('see each other online, exchange messages live, and a spectator only reads', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    const alice = match.challenger.captain!;
    const bob = match.opponent.captain!;
    const a = await signedInPage(browser, server, alice);
    const b = await signedInPage(browser, server, bob);
    await Promise.all([openMatch(a, match.matchId), openMatch(b, match.matchId)]);

    // Presence: both listed on both sides (here + joining).
    for (const page of [a, b]) {
      await onlineHeading(page)
        .filter({ hasText: /^Online users \(2\)$/ })
        .waitFor();
      expect((await onlineNames(page)).sort()).toEqual([alice, bob].sort());
    }

    // Enter sends; the input clears; the other side gets it without reloading, as plain text.
    const input = a.getByRole('textbox', { name: 'Message' });
    expect(await input.getAttribute('placeholder')).toBe('Start typing ...');
    await input.fill('gl hf <b>not bold</b>');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('');
    for (const page of [a, b]) {
      await messages(page).filter({ hasText: 'gl hf <b>not bold</b>' }).waitFor();
      expect(await page.locator('.chat-message-text b').count()).toBe(0);
    }

    await b.getByRole('textbox', { name: 'Message' }).fill('you too');
    await b.getByRole('button', { name: 'Send' }).click();
    await messages(a).filter({ hasText: 'you too' }).waitFor();
    const order = await a.locator('.chat-message-text').allTextContents();
    expect(order).toEqual(['gl hf <b>not bold</b>', 'you too']);
    expect(await messages(a).last().getByRole('link', { name: bob }).getAttribute('href')).toBe(
      `/user/${bob}`,
    );

    // A spectator reads the history but has no input; joining shows them online to the others.
    const spectator = await signedInPage(browser, server, 'player20');
    await openMatch(spectator, match.matchId);
    await messages(spectator).filter({ hasText: 'you too' }).waitFor();
    expect(await spectator.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await onlineHeading(a)
      .filter({ hasText: /^Online users \(3\)$/ })
      .waitFor();

    // Leaving: closing the spectator's and Bob's browsers takes them off Alice's list.
    await spectator.context().close();
    await b.context().close();
    await onlineHeading(a)
      .filter({ hasText: /^Online users \(1\)$/ })
      .waitFor();
    expect(await onlineNames(a)).toEqual([alice]);
    await a.context().close();
  });
});
