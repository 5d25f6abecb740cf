import { describe, expect, it } from 'vitest';
import { cspViolations, watchCspViolations } from './support/csp';
import { signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe('leaderboards', () => {
  const suite = serverAndBrowser();

  it('a player opens the leaderboards from the navigation, switches lists and filters them', async () => {
    const { server, browser } = suite.started();
    // Three finished ladder matches with their game server's log: the demo teams' players get statistics.
    for (let i = 0; i < 3; i++) await stageScenario(server, 'finished');
    const page = await signedInPage(browser, server, 'player1');
    const csp = await watchCspViolations(page);

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboards' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leaderboards' }).waitFor();
    await page.getByRole('tab', { name: 'Player rating', selected: true }).waitFor();
    // The demo world has no finished solo-queue match yet: the players of the ladder's matches instead.
    await page.getByText('Nobody is on this leaderboard yet.').waitFor();
    await page.getByLabel('Competition').selectOption({ label: 'Ladder: 5v5 Search & Destroy Ladder' });
    const rating = page.getByRole('table', { name: 'Players by player rating' });
    await rating.waitFor();
    expect(await rating.getByRole('row').count()).toBeGreaterThan(2);
    await screenshotsAtBothSizes(page, 'leaderboards-rating', { fullPage: true });

    // Teams by ladder standing: the demo ladder's standings, each team a link to its page.
    await page.getByRole('tab', { name: 'Teams' }).click();
    const teams = page.getByRole('table', { name: 'Teams by ladder standing' });
    await teams.waitFor();
    expect(await teams.getByRole('row').count()).toBeGreaterThan(2);
    await teams.getByRole('link', { name: /Red Dragons/ }).waitFor();
    await screenshotsAtBothSizes(page, 'leaderboards-teams', { fullPage: true });

    // Players by FPS rating, down to three matches: the staged matches' players, each a link to a profile.
    await page.getByRole('tab', { name: 'FPS rating' }).click();
    await page.getByLabel('At least').selectOption('3');
    const fps = page.getByRole('table', { name: 'Players by FPS rating' });
    await fps.waitFor();
    const rows = await fps.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);
    const first = fps.getByRole('row').nth(1).getByRole('link');
    expect(await first.getAttribute('href')).toMatch(/^\/user\//);
    await screenshotsAtBothSizes(page, 'leaderboards-fps', { fullPage: true });

    // A country no staged player is from empties the list; the address keeps every choice.
    await page.getByLabel('Country').selectOption({ index: 1 });
    await page.waitForURL(/country=/);
    expect(page.url()).toMatch(/list=fps/);
    expect(page.url()).toMatch(/minMatches=3/);

    // At a phone's width the page is no wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);

    expect(await cspViolations(page, csp)).toEqual([]);
    await page.context().close();
  }, 300_000);
});
