// Refusals where the user is looking, in Chromium at 1440x900 and 390x844: the dispute dialog says an empty
// or too long reason under the reason (with the spec's toast), a chat message refused for going too fast
// comes back into the input with the reason under it, and sign-in says a wrong password under the field.
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { openPage } from './support/browser';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';
import { toastWith } from './support/toasts';

describe('errors shown in place', () => {
  // One chat message a minute, so the second one is refused (429).
  const suite = serverAndBrowser({ CHAT_RATE_LIMIT_MESSAGES: '1', CHAT_RATE_LIMIT_WINDOW_SECONDS: '60' });

  it('the dispute dialog and the chat keep the text and say why', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'score-entered');
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);
    // The captain who did not enter the score may dispute it.
    await expect
      .poll(
        async () =>
          (await challenger.getByRole('button', { name: 'New Dispute' }).count()) +
          (await opponent.getByRole('button', { name: 'New Dispute' }).count()),
      )
      .toBeGreaterThan(0);
    const page =
      (await challenger.getByRole('button', { name: 'New Dispute' }).count()) > 0 ? challenger : opponent;

    await page.getByRole('button', { name: 'New Dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute' });
    const reason = dialog.getByLabel('Dispute reason');
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await dialog.getByText('The description field is required.', { exact: true }).waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await toastWith(page, 'An error has occurred: The description field is required.').waitFor();
    await screenshotsAtBothSizes(page, 'error-dispute-empty');

    const long = 'x'.repeat(2001);
    await reason.fill(long);
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await dialog
      .getByText('The description field must not be greater than 2000 characters.', { exact: true })
      .waitFor();
    expect(await reason.inputValue()).toBe(long);
    await screenshotsAtBothSizes(page, 'error-dispute-long');

    await reason.fill('The second map was played on the wrong server settings.');
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await page.getByRole('link', { name: 'See dispute' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Chat: the first message goes, the second within the minute is refused and comes back.
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('gl');
    await input.press('Enter');
    await page.getByRole('list', { name: 'Messages' }).getByText('gl', { exact: true }).waitFor();
    await input.fill('rush B');
    await input.press('Enter');
    const chat = page.locator('.chat-panel');
    await chat
      .getByRole('alert')
      .filter({ hasText: 'You are sending messages too fast; wait a moment.' })
      .waitFor();
    expect(await input.inputValue()).toBe('rush B');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await screenshotsAtBothSizes(page, 'error-chat-429', { scrollTo: chat });
    await challenger.context().close();
    await opponent.context().close();
  });

  it('sign-in says a wrong password under the field', async () => {
    const { server, browser } = suite.started();
    const page = await openPage(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Username').fill('player1');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const username = page.getByLabel('Username');
    await page.getByText('These credentials do not match our records.', { exact: true }).waitFor();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.Toastify__toast').count()).toBe(0);
    await screenshotsAtBothSizes(page, 'error-sign-in');
    await page.context().close();
  });
});
