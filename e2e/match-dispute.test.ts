import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

describe('a dispute over an entered score', () => {
  const suite = serverAndBrowser();

  it('a captain opens it; the other captain is warned live; both then see the ticket link', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'score-entered');
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    // Whichever captain the server lets dispute (the one who did not enter the score) opens it.
    await expect
      .poll(
        async () =>
          (await challenger.getByRole('button', { name: 'New Dispute' }).count()) +
          (await opponent.getByRole('button', { name: 'New Dispute' }).count()),
      )
      .toBeGreaterThan(0);
    const challengerMay = (await challenger.getByRole('button', { name: 'New Dispute' }).count()) > 0;
    const [disputer, other] = challengerMay ? [challenger, opponent] : [opponent, challenger];

    await disputer.getByRole('button', { name: 'New Dispute' }).click();
    const dialog = disputer.getByRole('dialog', { name: 'Dispute' });
    await dialog.getByText('Describe the reason of the dispute.').waitFor();
    await dialog.getByLabel('Dispute reason').fill('The second map was played on the wrong server settings.');
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await disputer.getByRole('link', { name: 'See dispute' }).waitFor();
    expect(await disputer.getByRole('dialog').count()).toBe(0);

    await toast(other, 'This match has been disputed, an admin will look into it.').waitFor();
    const link = other.getByRole('link', { name: 'See dispute' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/ticket\/\d+$/);
    await challenger.context().close();
    await opponent.context().close();
  });
});
