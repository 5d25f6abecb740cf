import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { cspViolations, watchCspViolations } from './support/csp';
import { stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe("a player's profile statistics", () => {
  const suite = serverAndBrowser();

  it('shows figures, form, maps and the ratings chart with its table, with no CSP report', async () => {
    const { server, browser } = suite.started();
    // Two finished ladder matches with game server logs; the approval moves the team ratings.
    const first = await stageScenario(server, 'finished');
    await stageScenario(server, 'finished');
    const username = first.challenger.captain ?? first.challenger.players[0] ?? 'player1';

    // Signed out: the profile is public.
    const page = await openPage(browser, server.url);
    const console = await watchCspViolations(page);
    await page.goto(`/user/${username}`);
    await page.getByRole('heading', { name: 'Statistics' }).waitFor();

    const figures = page.getByRole('table', { name: 'Career and last 20 matches' });
    const matchesRow = figures.getByRole('row', { name: /^Matches/ });
    expect(await matchesRow.getByRole('cell').first().textContent()).toBe('2');
    const fps = await figures
      .getByRole('row', { name: /^FPS rating/ })
      .getByRole('cell')
      .first()
      .textContent();
    expect(fps).toMatch(/^\d+\.\d\d$/);

    const form = page.getByRole('list', { name: 'Last results, newest first' });
    expect(await form.getByRole('link').count()).toBe(2);
    expect(await form.getByRole('link').first().getAttribute('aria-label')).toMatch(
      /^(Win|Loss|Draw) against /,
    );
    expect(await page.getByRole('table', { name: 'Per map' }).getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('table', { name: 'Per competition' }).waitFor();

    // The chart draws on a canvas (uPlot, loaded with the first chart), with the rating kinds in words.
    const ratings = page.getByRole('region', { name: 'Ratings over time' });
    await ratings.getByText('Only solo-queue matches move it.').waitFor();
    await ratings.locator('.line-chart-canvas canvas').waitFor();
    await screenshotsAtBothSizes(page, 'profile-stats-chart', { scrollTo: ratings });
    expect(await cspViolations(page, console)).toEqual([]);

    // "Show as table" swaps the chart for its table, which names the team rating series.
    await ratings.getByRole('button', { name: 'Show as table' }).click();
    expect(await ratings.locator('canvas').count()).toBe(0);
    const table = ratings.getByRole('table', { name: /Rating after each change/ });
    await table.getByRole('columnheader', { name: /\(team rating\)$/ }).waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await screenshotsAtBothSizes(page, 'profile-stats-table', { scrollTo: ratings });
    await ratings.getByRole('button', { name: 'Show as chart' }).click();
    await ratings.locator('.line-chart-canvas canvas').waitFor();
    await screenshotsAtBothSizes(page, 'profile-stats', { fullPage: true });
    expect(await cspViolations(page, console)).toEqual([]);
    await page.context().close();
  }, 240_000); // two finished matches staged with their logs, and six screenshots, on a busy machine
});
