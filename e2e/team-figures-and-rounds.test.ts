import { describe, expect, it } from 'vitest';
import { cspViolations, watchCspViolations } from './support/csp';
import { signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe('team figures and round timelines', () => {
  const suite = serverAndBrowser();

  it('a player reads a team’s figures, its results over time, its head-to-head and a played match’s rounds', async () => {
    const { server, browser } = suite.started();
    // Two finished matches of the demo teams, each approved: the team ratings move twice.
    const { matchId } = await stageScenario(server, 'finished');
    await stageScenario(server, 'finished');
    const page = await signedInPage(browser, server, 'player1');
    const csp = await watchCspViolations(page);

    // The team page: results, each member's figures for this team, the map win rates beside the preferences.
    await page.goto('/team/red-dragons');
    await page.getByRole('heading', { name: 'Figures' }).waitFor();
    const roster = page.getByRole('table', { name: 'Roster figures for Red Dragons' });
    await roster.waitFor();
    expect(await roster.getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('heading', { name: 'Map win rates' }).waitFor();

    // Results over time: the team rating drawn on a canvas (uPlot, in its own chunk), its table behind it.
    const results = page.getByRole('region', { name: 'Results over time' });
    await results.locator('.line-chart-canvas canvas').waitFor();
    await screenshotsAtBothSizes(page, 'team-results-chart', { scrollTo: results });
    await results.getByRole('button', { name: 'Show as table' }).click();
    expect(await results.locator('canvas').count()).toBe(0);
    const ratings = results.getByRole('table', { name: /Team rating after each match/ });
    await ratings.getByRole('columnheader', { name: 'Team rating' }).waitFor();
    expect(await ratings.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    // Each change names the match that made it.
    await ratings.getByRole('link', { name: `#${String(matchId)}` }).waitFor();
    await screenshotsAtBothSizes(page, 'team-results-table', { scrollTo: results });
    await results.getByRole('button', { name: 'Show as chart' }).click();
    await results.locator('.line-chart-canvas canvas').waitFor();
    expect(await cspViolations(page, csp)).toEqual([]);

    // The head-to-head against a rival named in the address; the picker shows the choice.
    await page.goto('/team/red-dragons?vs=northern-wolves');
    await page.getByText(/against Northern Wolves in/).waitFor();
    expect(await page.getByLabel('Head-to-head against').inputValue()).toBe('northern-wolves');
    await screenshotsAtBothSizes(page, 'team-figures', {
      scrollTo: page.getByRole('heading', { name: 'Figures' }),
    });

    // A finished match with its game server's log: Match Overview, Rounds.
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
