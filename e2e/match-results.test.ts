import { STATUS } from '@versus/common/match/statuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

const phaseTurn = (page: Page) => page.getByRole('region', { name: 'Match phase' }).getByRole('status');
const resultCard = (page: Page) => page.getByRole('region', { name: 'Result' });

describe('results explained', () => {
  const suite = serverAndBrowser();

  it('an admin awards a walkover from the admin area; the players see it live with the reason', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'in-progress');
    expect(match.statusId).toBe(STATUS.inProgress);
    const admin = await signedInPage(browser, server, 'admin');
    const player = await signedInPage(browser, server, match.opponent.captain!);
    await openMatch(player, match.matchId);

    await admin.goto('/admin/matches');
    await admin.getByRole('button', { name: `Award a result to match #${String(match.matchId)}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Award a result: match #${String(match.matchId)}` });
    // A winner the map scores contradict is refused, in the dialog.
    await dialog.getByLabel(`${match.challenger.team} won`).check();
    await dialog.getByLabel('Record the map scores').check();
    const inputs = dialog.locator('input[type="number"]');
    await inputs.nth(0).fill('4');
    await inputs.nth(1).fill('13');
    await dialog.getByLabel('Reason (shown in the match room)').fill('Server crashed');
    await dialog.getByRole('button', { name: 'Award result' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The map scores do not give the winner you chose.' })
      .waitFor();
    await screenshotsAtBothSizes(admin, 'award-dialog-error');

    const reason = `${match.opponent.team} never joined the server`;
    await dialog.getByLabel(`Walkover: ${match.opponent.team} did not show`).check();
    await dialog.getByText('A walkover does not change ratings.').waitFor();
    await dialog.getByLabel('Reason (shown in the match room)').fill(reason);
    await screenshotsAtBothSizes(admin, 'award-dialog');
    await dialog.getByRole('button', { name: 'Award result' }).click();
    await admin.getByText('The result was awarded successfully').first().waitFor();
    expect(await admin.getByRole('dialog').count()).toBe(0);
    await screenshotsAtBothSizes(admin, 'award-toast');

    // The room of a player who had it open changes without a reload.
    const headline = `Walkover: ${match.opponent.team} did not show`;
    await expect.poll(async () => (await phaseTurn(player).textContent()) ?? '').toBe(headline);
    const card = resultCard(player);
    await card.getByText(`Result awarded by admin: ${reason}`).waitFor();
    await card.getByText('A walkover does not change ratings.').waitFor();
    expect(await player.getByRole('heading', { name: 'Win probability and ratings' }).count()).toBe(0);
    await screenshotsAtBothSizes(player, 'room-walkover');

    // The profile tells it the same way and says whose rating a number is.
    await player.goto(`/user/${match.opponent.captain!}`);
    await player.getByText(`${headline}. Result awarded by admin: ${reason}`).waitFor();
    await screenshotsAtBothSizes(player, 'profile-walkover', { fullPage: true });
    await admin.context().close();
    await player.context().close();
  });

  it('a declined challenge says who declined; a finished match keeps its map scores', async () => {
    const { server, browser } = suite.started();
    const challenge = await stageScenario(server, 'ladder-challenge');
    const challenged = await signedInPage(browser, server, challenge.opponent.captain!);
    await openMatch(challenged, challenge.matchId);
    await challenged.getByRole('button', { name: 'Decline' }).click();
    await challenged.getByRole('alertdialog').getByRole('button', { name: /^Yes/ }).click();
    await expect
      .poll(async () => (await phaseTurn(challenged).textContent()) ?? '', { timeout: 30_000 })
      .toBe(`Declined by ${challenge.opponent.team}`);
    await resultCard(challenged).waitFor();
    await screenshotsAtBothSizes(challenged, 'room-declined');

    const finished = await stageScenario(server, 'finished');
    await openMatch(challenged, finished.matchId);
    const card = resultCard(challenged);
    await card.getByRole('row').first().waitFor();
    const row = (await card.getByRole('row').first().textContent()) ?? '';
    expect(row).toContain(finished.challenger.team);
    expect(row).toContain(finished.opponent.team);
    expect(row).toMatch(/13 - 7/);
    await screenshotsAtBothSizes(challenged, 'room-finished', { scrollTo: card });
    await challenged.context().close();
  });
});
