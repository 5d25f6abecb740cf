import { describe, expect, it } from 'vitest';
import { cspViolations, watchCspViolations } from './support/csp';
import { signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe('team figures and round timelines', () => {
  const suite = serverAndBrowser();

  it('a player reads a team’s figures, its head-to-head and a played match’s rounds', async () => {
    const { server, browser } = suite.started();
    const page = await signedInPage(browser, server, 'player1');
    const csp = await watchCspViolations(page);

    // The team page: results, each member's figures for this team, the map win rates beside the preferences.
    await page.goto('/team/red-dragons');
    await page.getByRole('heading', { name: 'Figures' }).waitFor();
    const roster = page.getByRole('table', { name: 'Roster figures for Red Dragons' });
    await roster.waitFor();
    expect(await roster.getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('heading', { name: 'Map win rates' }).waitFor();

    // The head-to-head against a rival named in the address; the picker shows the choice.
    await page.goto('/team/red-dragons?vs=northern-wolves');
    await page.getByText(/against Northern Wolves in/).waitFor();
    expect(await page.getByLabel('Head-to-head against').inputValue()).toBe('northern-wolves');
    await screenshotsAtBothSizes(page, 'team-figures', {
      scrollTo: page.getByRole('heading', { name: 'Figures' }),
    });

    // A finished match with its game server's log: Match Overview, Rounds.
    const { matchId } = await stageScenario(server, 'finished');
    await page.goto(`/match/${String(matchId)}`);
    await page.getByRole('button', { name: 'Match Overview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Overview' });
    await dialog.getByRole('tab', { name: 'Rounds' }).click();
    const table = dialog.getByRole('region', { name: /rounds$/ }).getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await table
      .getByText(/Elimination|Bomb exploded|Bomb defused|Time ran out/)
      .first()
      .waitFor();
    await screenshotsAtBothSizes(page, 'round-timeline');

    expect(await cspViolations(page, csp)).toEqual([]);
    await page.context().close();
  }, 240_000);
});
