// Ladder seasons in the browser (docs/competitions.md): an admin adds a season on the admin page, the sweeper
// opens it and closes it at its end, the ladder page lists it and opens its final table, and the team page
// shows the team's season history.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { signedInPage } from './support/match';
import { serverAndBrowser } from './support/suite';
import { screenshotsAtBothSizes } from './support/screenshots';

/** `datetime-local` text for `ms` from now in the browser's own time zone (seconds included). */
async function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);
}

/** Reloads until `text` shows in `region` (the ladder and team pages are not live). */
async function reloadUntil(page: Page, region: string, text: string | RegExp): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await page.getByRole('region', { name: region }).getByText(text).count();
    if (found > 0) return;
    if (Date.now() > deadline) throw new Error(`"${String(text)}" did not show in ${region}`);
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }
}

describe('ladder seasons', () => {
  const suite = serverAndBrowser();

  it('an admin adds a season; it opens and closes on its dates, with its table and the teams’ history', async () => {
    const { server, browser } = suite.started();
    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/competitions');
    const form = admin.getByRole('form', { name: 'Add a season' });
    await form.getByLabel('Ladder').selectOption({ label: '5v5 Search & Destroy Ladder' });
    await form.getByLabel('Season name').fill('Autumn Season');
    await form.getByLabel('Season starts').fill(await localInput(admin, 0));
    // Long enough for the ladder page to see it running on a busy machine, short enough to wait for.
    await form.getByLabel('Season ends (optional)').fill(await localInput(admin, 20_000));
    await form.getByRole('button', { name: 'Add season' }).click();
    await admin.getByText('The season was added.').waitFor();

    // The ladder page lists the season once the sweeper opened it, then as finished after its end.
    await admin.goto('/ladder/cod4-5v5-ladder');
    await reloadUntil(admin, 'Seasons', /Autumn Season.*· (current|finished)/);
    await reloadUntil(admin, 'Seasons', /· finished/);
    const seasons = admin.getByRole('region', { name: 'Seasons' });
    await seasons.getByRole('button', { name: 'Final table' }).click();
    const table = seasons.getByRole('table', { name: 'Autumn Season: final standings' });
    await table.getByRole('link', { name: 'Red Dragons' }).waitFor();
    await table.getByRole('link', { name: 'Iron Phantoms' }).waitFor();

    // The team page keeps the team's place in that season.
    await admin.goto('/team/red-dragons');
    await reloadUntil(admin, 'Season history', /Autumn Season: #\d+/);
    await screenshotsAtBothSizes(admin, 'team-seasons', {
      element: admin.getByRole('region', { name: 'Season history' }),
    });
    await admin.context().close();
  });
});
