import { STATUS } from '@versus/common/match/statuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

const statusTile = (page: Page) => page.locator('.info-tile', { hasText: 'Status' }).locator('dd');
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Fills every score input of the open score dialog, challenger side `first`, opponent side `second`. */
async function fillScores(page: Page, first: number, second: number): Promise<void> {
  const dialog = page.getByRole('dialog');
  const inputs = dialog.locator('input[type="number"]');
  // The dialog's body and its score form load after it opens; count only once they are there.
  await inputs.first().waitFor({ state: 'visible' });
  const count = await inputs.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 2) {
    await inputs.nth(i).fill(String(first));
    await inputs.nth(i + 1).fill(String(second));
  }
}

describe('the score of a match in progress', () => {
  const suite = serverAndBrowser();

  it('one captain submits and edits it, the other sees it live and approves it', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'in-progress');
    expect(match.statusId).toBe(STATUS.inProgress);
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    await challenger.getByRole('button', { name: 'Submit score' }).click();
    const dialog = challenger.getByRole('dialog', { name: /^Submit score: / });
    await dialog.waitFor();
    await fillScores(challenger, 13, 7);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await toast(challenger, 'Match score was submitted successfully').waitFor();
    expect(await challenger.getByRole('dialog').count()).toBe(0);

    // The entering captain may still edit; the dialog shows who entered it.
    await challenger.getByRole('button', { name: 'Edit score' }).click();
    const edit = challenger.getByRole('dialog', { name: /^Edit score: / });
    await edit.getByText(`Score entered by ${match.challenger.captain}`).waitFor();
    await fillScores(challenger, 13, 9);
    await edit.getByRole('button', { name: 'Edit Score' }).click();
    await toast(challenger, 'Match score was submitted successfully').waitFor();

    // The other captain's trigger turned into "Approve score" without a reload.
    await opponent.getByRole('button', { name: 'Approve score' }).click();
    const approve = opponent.getByRole('dialog', { name: /^Approve score: / });
    await approve.getByText(`Score entered by ${match.challenger.captain}`).waitFor();
    const inputs = approve.locator('input[type="number"]');
    expect([await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual(['13', '9']);
    expect(await approve.locator('input[type="number"]').first().isDisabled()).toBe(true);
    await approve.getByRole('button', { name: 'Approve Score', exact: true }).click();
    await toast(opponent, 'Match score was approved successfully').waitFor();

    for (const page of [challenger, opponent]) {
      await statusTile(page)
        .filter({ hasNotText: /progress|entered/i })
        .waitFor();
      await expect.poll(() => page.getByRole('button', { name: /score$/ }).count()).toBe(0);
    }
    await challenger.context().close();
    await opponent.context().close();
  });

  // The game server's log outranks a hand-entered score (docs/scores.md).
  it('a score is refused in the dialog while the map is in play', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'server-log-live');
    const captain = await signedInPage(browser, server, match.challenger.captain!);
    await openMatch(captain, match.matchId);
    await captain.getByRole('button', { name: 'Submit score' }).click();
    const dialog = captain.getByRole('dialog', { name: /^Submit score: / });
    await dialog.getByRole('columnheader', { name: 'Server log' }).waitFor();
    await dialog.getByRole('cell', { name: /\(in play\)$/ }).waitFor();
    await dialog.getByText(/is being played on the game server/).waitFor();
    await screenshotsAtBothSizes(captain, 'score-live-note', { element: dialog });
    await fillScores(captain, 13, 7);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    const error = dialog.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /^An error has occurred: .+ is still being played on the game server \(server log: \d+-\d+\)\./,
    );
    await screenshotsAtBothSizes(captain, 'score-refused-while-live', { element: dialog });
    await captain.context().close();
  });

  it('a score different from the log: the other captain sees both side by side and approves it', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'server-log-result');
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    await challenger.getByRole('button', { name: 'Submit score' }).click();
    const dialog = challenger.getByRole('dialog', { name: /^Submit score: / });
    await dialog.getByText(/^The game server's log has the result\./).waitFor();
    await fillScores(challenger, 13, 3);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await toast(challenger, 'Match score was submitted successfully').waitFor();

    await opponent.getByRole('button', { name: 'Approve score' }).click();
    const approve = opponent.getByRole('dialog', { name: /^Approve score: / });
    const note = approve.getByRole('note', { name: 'Server log and entered score' });
    await note.getByText('Server log: 13-7, entered: 13-3').waitFor();
    await approve.getByText(`Score entered by ${match.challenger.captain}`).waitFor();
    expect(await approve.getByRole('cell', { name: '13-7' }).count()).toBe(1);
    await screenshotsAtBothSizes(opponent, 'score-approve-beside-server-log', { element: approve });
    await screenshotsAtBothSizes(opponent, 'score-approve-beside-server-log-page');
    await approve.getByRole('button', { name: 'Approve Score', exact: true }).click();
    await toast(opponent, 'Match score was approved successfully').waitFor();
    await challenger.context().close();
    await opponent.context().close();
  });
});
