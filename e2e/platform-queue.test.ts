import { queueStatusAnswer, soloQueuesAnswer, type SoloQueue } from '@versus/common/api/solo-queue';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from './support/api-session';
import { signedInPage } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

/** The header listens on the player's private channel: nothing the server sends from now on is missed. */
async function queueLive(page: Page): Promise<void> {
  await page.locator('[data-queue-live="true"]').waitFor({ state: 'attached' });
}

async function theQueue(session: ApiSession): Promise<SoloQueue> {
  const listed = await session.call('GET', '/api/v1/solo-queues');
  const [queue] = soloQueuesAnswer.parse(listed.body).data;
  if (!queue) throw new Error('the seed has no solo-queue');
  return queue;
}

async function popIdOf(session: ApiSession): Promise<number> {
  const status = queueStatusAnswer.parse((await session.call('GET', '/api/v1/solo-queues/me')).body).data;
  if (!status.pop) throw new Error('not in a pop');
  return status.pop.id;
}

describe('the solo queue', () => {
  const suite = serverAndBrowser();

  it('ten players: the pop reaches a player on another page with a chime, everyone accepts, both tabs land in the room', async () => {
    const { server, browser } = suite.started();
    const names = ['player3', 'player4', 'player5', 'player6', 'player7', 'player8', 'player9', 'player10'];
    const sessions = await Promise.all(names.map((u) => apiSession(server, u)));
    const queue = await theQueue(sessions[0]!);
    expect(queue.playersNeeded).toBe(10);

    // player2 joins on the queue page, then moves on to the teams page: the header keeps the queue.
    const roaming = await signedInPage(browser, server, 'player2');
    await roaming.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await roaming.getByRole('button', { name: `Join ${queue.name}` }).click();
    const indicator = roaming.getByTestId('queue-indicator');
    await indicator.waitFor();
    expect(await indicator.textContent()).toMatch(/In queue \d+:\d\d/);
    await roaming.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
    await roaming.waitForURL((url) => url.pathname === '/teams');
    await queueLive(roaming);
    await indicator.waitFor();
    await screenshotsAtBothSizes(roaming, 'queue-indicator');

    // Eight more queue through the API; player1 watches the queue page.
    for (const session of sessions) {
      const joined = await session.call('POST', `/api/v1/solo-queues/${queue.id}/join`);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    }
    const watcher = await signedInPage(browser, server, 'player1');
    await watcher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await watcher.locator('li.queue-card[data-live="true"]').waitFor();
    await queueLive(watcher);
    expect(await watcher.getByTestId(`queue-count-${queue.id}`).textContent()).toBe('9');

    // The tenth join fills the queue: both tabs get "Match found", with its countdown, and the chime.
    await watcher.getByRole('button', { name: `Join ${queue.name}` }).click();
    for (const page of [watcher, roaming]) {
      const dialog = page.getByRole('alertdialog', { name: 'Match found' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('queue-pop-accepted').textContent()).toBe('0 of 10 accepted');
      expect(Number(await dialog.getByTestId('queue-pop-seconds').textContent())).toBeGreaterThan(0);
      // The sound is on by default: the chime played through Web Audio (each player clicked on the page
      // before, so the browser lets it sound).
      await expect.poll(() => dialog.getByTestId('queue-pop').getAttribute('data-sound')).toBe('played');
      expect(await page.title()).toMatch(/^Match found!/);
    }
    expect(roaming.url()).toMatch(/\/teams$/);

    // Everyone but player1 accepts; the count moves in player1's dialog.
    const popId = await popIdOf(sessions[0]!);
    for (const session of sessions) {
      const accepted = await session.call('POST', `/api/v1/solo-queues/pops/${popId}/accept`);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    }
    await roaming.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
    await roaming.getByRole('button', { name: 'Accepted: waiting for the others' }).waitFor();
    const watcherDialog = watcher.getByRole('alertdialog', { name: 'Match found' });
    await watcherDialog.getByText('9 of 10 accepted').waitFor();
    await screenshotsAtBothSizes(watcher, 'queue-pop-dialog');
    await screenshotsAtBothSizes(roaming, 'queue-pop-dialog-accepted');

    // The last accept forms the match: both tabs are taken to its room.
    await watcherDialog.getByRole('button', { name: 'Accept' }).click();
    for (const page of [watcher, roaming]) {
      await page.waitForURL((url) => /^\/match\/\d+$/.test(url.pathname));
      await page.getByRole('alertdialog', { name: 'Match found' }).waitFor({ state: 'detached' });
      expect(await page.getByTestId('queue-indicator').count()).toBe(0);
    }
    expect(new URL(watcher.url()).pathname).toBe(new URL(roaming.url()).pathname);

    await watcher.context().close();
    await roaming.context().close();
  }, 240_000);

  it('a player declines: their dialog closes with the cooldown said, the other nine wait again at their place', async () => {
    const { server, browser } = suite.started();
    const names = [
      'player12',
      'player13',
      'player14',
      'player15',
      'player16',
      'player17',
      'player18',
      'player19',
    ];
    const sessions = await Promise.all(names.map((u) => apiSession(server, u)));
    const queue = await theQueue(sessions[0]!);
    for (const session of sessions) {
      expect((await session.call('POST', `/api/v1/solo-queues/${queue.id}/join`)).status).toBe(200);
    }
    const decliner = await signedInPage(browser, server, 'player11');
    await decliner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ladders' }).click();
    await queueLive(decliner);
    expect(
      (await (await apiSession(server, 'player11')).call('POST', `/api/v1/solo-queues/${queue.id}/join`))
        .status,
    ).toBe(200);
    await decliner.getByTestId('queue-indicator').waitFor();

    const last = await apiSession(server, 'player20');
    expect((await last.call('POST', `/api/v1/solo-queues/${queue.id}/join`)).status).toBe(200);
    const dialog = decliner.getByRole('alertdialog', { name: 'Match found' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    const toast = decliner.getByText(
      /You declined the match and left the queue\. You can queue again in \d:\d\d\./,
    );
    await toast.waitFor();
    // The toast slides in from the right: shoot it once it is on the screen.
    const width = decliner.viewportSize()?.width ?? 1280;
    await expect.poll(async () => (await toast.boundingBox())?.x ?? Infinity).toBeLessThan(width - 100);
    await screenshotsAtBothSizes(decliner, 'queue-pop-declined');
    expect(await decliner.getByTestId('queue-indicator').count()).toBe(0);

    // The nine others are waiting again, first come first served, none of them in a pop.
    const statuses = await Promise.all(
      [...sessions, last].map(
        async (s) => queueStatusAnswer.parse((await s.call('GET', '/api/v1/solo-queues/me')).body).data,
      ),
    );
    expect(statuses.map((s) => [s.entry?.position, s.pop])).toEqual(
      Array.from({ length: 9 }, (_, i) => [i + 1, null]),
    );
    // Joining again is refused while the cooldown runs, and the queue page says so.
    await decliner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await decliner.getByRole('button', { name: `Join ${queue.name}` }).click();
    await decliner.getByText(/You did not accept a match: you can queue again in \d:\d\d\./).waitFor();

    await decliner.context().close();
  }, 180_000);
});
