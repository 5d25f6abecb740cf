// League rules in the browser (docs/league-rules.md): the match room says why Ready is not offered while a
// player still plays another match, and offers it once they are free; creating a second team of a game is
// refused with the captain limit's text until an admin raises the game's limit in the admin catalogue.
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe('league rules', () => {
  const suite = serverAndBrowser();

  it('the room says why Ready waits for a player who plays another match, then offers it', async () => {
    const { server, browser } = suite.started();
    const live = await stageScenario(server, 'in-progress');
    const check = await stageScenario(server, 'tournament-ready');
    const page = await signedInPage(browser, server, 'player1');
    await openMatch(page, check.matchId);
    const actions = page.getByRole('group', { name: 'Match actions' });
    const reason = `player1 is already playing match #${String(live.matchId)}; a player can play only one match at a time.`;
    await actions.getByRole('status').filter({ hasText: reason }).waitFor();
    expect(await actions.getByRole('button', { name: 'Ready', exact: true }).count()).toBe(0);
    await screenshotsAtBothSizes(page, 'league-ready-blocked');

    // The other match ends (an admin cancels it): the room offers Ready, and readying works.
    const admin = await apiSession(server, 'admin');
    const cancelled = await admin.call('POST', `/api/v1/match-detail/status/${String(live.matchId)}/cancel`);
    expect(cancelled.status).toBe(200);
    await openMatch(page, check.matchId);
    await actions.getByRole('button', { name: 'Ready', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Match has been set to ready' }).first().waitFor();
    expect(await actions.getByRole('status').count()).toBe(0);
    await page.context().close();
  });

  it('a second team of the game is refused until an admin raises the limit', async () => {
    const { server, browser } = suite.started();
    const captain = await signedInPage(browser, server, 'player1');
    await captain.goto('/teams/new');
    await captain.getByLabel('Team name').fill('Red Reserve');
    await captain.getByLabel('Tag').fill('RRS');
    await captain.getByRole('button', { name: 'Create team' }).click();
    const limit =
      'You already captain 1 team in Call of Duty 4; a player may captain at most 1 team per game.';
    await captain.getByRole('alert').filter({ hasText: limit }).first().waitFor();
    await screenshotsAtBothSizes(captain, 'league-captain-limit');

    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/catalogue');
    const row = admin
      .getByRole('region', { name: 'Games', exact: true })
      .getByRole('listitem')
      .filter({ hasText: /Call of Duty 4 cod4/ });
    await row.locator('summary', { hasText: /^Edit/ }).click();
    const form = admin.getByRole('form', { name: 'Edit of Call of Duty 4' });
    const field = form.getByLabel('Teams one player may captain');
    expect(await field.inputValue()).toBe('1');
    // Out of range: the server's text under the field (the browser's own check set aside).
    await field.fill('0');
    await form.evaluate((f: { noValidate: boolean }) => {
      f.noValidate = true;
    });
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('The max captained teams field must be between 1 and 100.').waitFor();
    await screenshotsAtBothSizes(admin, 'league-admin-game-error', { scrollTo: form });
    await field.fill('2');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByRole('alert').filter({ hasText: 'The changes were saved.' }).first().waitFor();
    await screenshotsAtBothSizes(admin, 'league-admin-game-saved', { scrollTo: form });

    await captain.getByRole('button', { name: 'Create team' }).click();
    await captain.waitForURL(/\/team\/red-reserve$/);
    await admin.context().close();
    await captain.context().close();
  });
});
