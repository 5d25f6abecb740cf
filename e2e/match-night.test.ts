// Match night on the embedded default: a ladder match whose emulated server crashes mid-map; an admin moves the
// match from the admin page; the captains' room says the map was restored at the score and the round score
// grows from there; a captain asks the server for screenshots from the Screenshots modal and they appear there
// marked "Taken by the server"; the log's result is entered and approved; Match Overview lists the map's demos
// and one downloads with the demo's bytes.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { STATUS } from '@versus/common/match/statuses';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cspViolations, watchCspViolations } from './support/csp';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import type { RunningServer } from './support/server';
import { serverAndBrowser } from './support/suite';

/** Clicks the first map nobody picked or banned yet, as the captain whose turn it is. */
async function vetoOnce(page: Page): Promise<void> {
  const before = await page.locator('.map-card[aria-disabled="true"]').count();
  await page.locator('.map-card:not([aria-disabled="true"])').first().click();
  await expect.poll(() => page.locator('.map-card[aria-disabled="true"]').count()).toBeGreaterThan(before);
}

/** The live score's two numbers (challenger first) of the first map, or null before the first round. */
async function liveScore(page: Page): Promise<[number, number] | null> {
  const numbers = page.locator('.live-score li').first().locator('strong');
  if ((await numbers.count()) < 2) return null;
  return [Number(await numbers.nth(0).textContent()), Number(await numbers.nth(1).textContent())];
}

/**
 * The control interface of the embedded emulator listening on game port `port`: in development each one
 * writes `control.json` (`{port, controlUrl}`) in its folder under `DATA_DIR/emulators/`.
 */
async function emulatorControl(server: RunningServer, port: number): Promise<string> {
  const root = path.join(server.dataDir, 'emulators');
  for (const folder of await readdir(root)) {
    const text = await readFile(path.join(root, folder, 'control.json'), 'utf8').catch(() => null);
    if (text === null) continue;
    const control = JSON.parse(text) as { port: number; controlUrl: string };
    if (control.port === port) return control.controlUrl;
  }
  throw new Error(`No embedded emulator listens on port ${String(port)}.`);
}

/** The game port in the server box's connection details. */
async function boxPort(page: Page): Promise<number> {
  const copy = page
    .locator('.server-box')
    .getByRole('button', { name: /^Copy connection details: connect 127\.0\.0\.1:\d+; password / });
  await copy.waitFor({ timeout: 90_000 });
  const name = (await copy.getAttribute('aria-label')) ?? (await copy.textContent()) ?? '';
  return Number(/127\.0\.0\.1:(\d+)/.exec(name)?.[1]);
}

describe('match night: a crashed server resumes at the score, demos and server screenshots', () => {
  const suite = serverAndBrowser({
    GAME_SERVER_PROVIDER: 'embedded',
    // About 90 s of play for a map: room for the crash, the move and a screenshot before it ends.
    EMBEDDED_MS_PER_GAME_SECOND: '50',
    GAME_SERVER_MONITOR_INTERVAL_MS: '1000',
    GAME_SERVER_OFFLINE_AFTER_MS: '4000',
  });

  it('crash mid-map, admin moves the match, restored score, screenshots, result, demos', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'ladder-veto');
    expect(match.statusId).toBe(STATUS.mapVeto);
    const a = await signedInPage(browser, server, match.opponent.captain!);
    const b = await signedInPage(browser, server, match.challenger.captain!);
    const admin = await signedInPage(browser, server, 'admin');
    const csp = await Promise.all([a, b, admin].map((page) => watchCspViolations(page)));
    await Promise.all([openMatch(a, match.matchId), openMatch(b, match.matchId)]);
    await a.getByText('Server is generated when VETO ends', { exact: true }).waitFor();
    for (let step = 0; step < 6; step++) await vetoOnce(step % 2 === 0 ? a : b);

    // The map is live and a few rounds are played on the first server.
    const firstPort = await boxPort(a);
    await expect
      .poll(async () => (await liveScore(a))?.reduce((x, y) => x + y) ?? 0, { timeout: 120_000 })
      .toBeGreaterThanOrEqual(3);

    // The match's emulated server dies mid-round: it stops answering and its log stops.
    const control = await emulatorControl(server, firstPort);
    const crash = await fetch(`${control}/crash`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crash.status).toBe(204);

    // The admin sees it offline on the admin page and moves the match to a free server.
    await admin.goto('/admin/game-servers');
    const row = admin.locator('.game-server-row', { hasText: `127.0.0.1:${String(firstPort)}` });
    await row.locator('.game-server-offline').waitFor({ timeout: 60_000 });
    const move = row.getByRole('form', { name: `Move match #${String(match.matchId)}` });
    await expect.poll(() => move.locator('select option[value]:not([value=""])').count()).toBeGreaterThan(0);
    await move.getByRole('button', { name: 'Move match' }).click();
    await admin
      .getByText(/The match was moved to /)
      .first()
      .waitFor({ timeout: 60_000 });

    // The captains' room: the map restored at the score of the crash, on the new server.
    const notice = a.locator('.server-restore', { hasText: 'after a server crash' });
    await notice.waitFor({ timeout: 60_000 });
    const [, first, second] = /Map restored at (\d+):(\d+) after a server crash/
      .exec((await notice.textContent()) ?? '')!
      .map(Number);
    expect(first! + second!).toBeGreaterThanOrEqual(3);
    expect(await boxPort(a)).not.toBe(firstPort);
    await screenshotsAtBothSizes(a, 'night-restored', { scrollTo: notice });

    // The round score continues from the restored one.
    await expect
      .poll(async () => (await liveScore(a))?.reduce((x, y) => x + y) ?? 0, { timeout: 120_000 })
      .toBeGreaterThan(first! + second!);
    const afterRestore = (await liveScore(a))!;
    expect(afterRestore[0]).toBeGreaterThanOrEqual(first!);
    expect(afterRestore[1]).toBeGreaterThanOrEqual(second!);

    // A captain asks the server for screenshots while the map is live; they arrive in the modal.
    await b.getByRole('button', { name: 'Screenshots', exact: true }).click();
    const modal = b.getByRole('dialog', { name: 'Screenshots' });
    await modal.getByRole('button', { name: 'Take server screenshots' }).click();
    await expect
      .poll(
        async () => {
          await modal.getByRole('button', { name: 'Refresh Screenshots' }).click();
          return modal.getByText('Taken by the server').count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBeGreaterThan(0);
    await screenshotsAtBothSizes(b, 'night-screenshots');
    await modal.getByRole('button', { name: 'Close' }).click();

    // After the map, the system enters the log's score; the other captain approves it.
    await b.getByRole('button', { name: 'Approve score' }).click({ timeout: 180_000 });
    const dialog = b.getByRole('dialog', { name: /^Approve score: / });
    await dialog.getByText('Score entered from the server log').waitFor();
    const inputs = dialog.locator('input[type="number"]');
    const approved = [Number(await inputs.nth(0).inputValue()), Number(await inputs.nth(1).inputValue())];
    expect(Math.max(...approved)).toBe(13);
    // The log's final round score (challenger first) is the result entered, seen from the challenger's side.
    const logScore = (await liveScore(b))!;
    expect(approved).toEqual(logScore);
    expect(logScore[0]).toBeGreaterThanOrEqual(first!);
    expect(logScore[1]).toBeGreaterThanOrEqual(second!);
    await dialog.getByRole('button', { name: 'Approve Score', exact: true }).click();
    await b.getByRole('alert').filter({ hasText: 'Match score was approved successfully' }).first().waitFor();

    // Match Overview lists the map's demos; one downloads through the captain's session with its bytes.
    const overview = a.getByRole('dialog', { name: 'Match Overview' });
    const demos = overview.locator('section.demos');
    const download = demos.getByRole('link', { name: 'Download' }).first();
    await expect
      .poll(
        async () => {
          // The demos are uploaded after the map: open the overview again until they are listed.
          if (await overview.isVisible()) await overview.getByRole('button', { name: 'Close' }).click();
          await a.getByRole('button', { name: 'Match Overview', exact: true }).click();
          await demos.locator('h4, .muted').first().waitFor();
          return download.count();
        },
        { timeout: 120_000, interval: 5000 },
      )
      .toBeGreaterThan(0);
    await screenshotsAtBothSizes(a, 'night-demos', { scrollTo: demos });
    const href = (await download.getAttribute('href'))!;
    const fetched = await a.evaluate<{ status: number; bytes: number[] }, string>(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      return { status: response.status, bytes: [...new Uint8Array(await response.arrayBuffer())] };
    }, href);
    expect(fetched.status).toBe(200);
    const body = Buffer.from(fetched.bytes);
    // The same bytes as one of the demo files the emulators wrote.
    const written: Buffer[] = [];
    for (const folder of await readdir(path.join(server.dataDir, 'emulators'))) {
      const dir = path.join(server.dataDir, 'emulators', folder, 'demos');
      for (const file of await readdir(dir).catch(() => [] as string[])) {
        if (file.endsWith('.dm_1')) written.push(await readFile(path.join(dir, file)));
      }
    }
    expect(body.length).toBeGreaterThan(0);
    expect(written.some((file) => file.equals(body))).toBe(true);

    for (const [i, page] of [a, b, admin].entries()) expect(await cspViolations(page, csp[i]!)).toEqual([]);
    for (const page of [a, b, admin]) await page.context().close();
  }, 600_000); // a whole match with a crash and a move on a busy machine
});
