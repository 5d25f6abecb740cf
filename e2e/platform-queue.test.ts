import { soloQueuesAnswer } from '@versus/common/api/solo-queue';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { signedInPage } from './support/match';
import { serverAndBrowser } from './support/suite';

describe('the solo queue', () => {
  const suite = serverAndBrowser();

  it('fills up while a player watches, and the last join lands them in the match room', async () => {
    const { server, browser } = suite.started();
    const first = await apiSession(server, 'player2');
    const listed = await first.call('GET', '/api/v1/solo-queues');
    const [queue] = soloQueuesAnswer.parse(listed.body).data;
    if (!queue) throw new Error('the seed has no solo-queue');
    expect(queue.playersNeeded).toBe(10);

    // Eight players queue through the API before the browser player opens the page.
    const others = ['player2', 'player3', 'player4', 'player5', 'player6', 'player7', 'player8', 'player9'];
    const sessions = [first, ...(await Promise.all(others.slice(1).map((u) => apiSession(server, u))))];
    for (const session of sessions) {
      const joined = await session.call('POST', `/api/v1/solo-queues/${queue.id}/join`);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    }

    const page = await signedInPage(browser, server, 'player1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    const card = page.getByRole('listitem').filter({ hasText: queue.name });
    await page.locator('li.queue-card[data-live="true"]').waitFor();
    const count = page.getByTestId(`queue-count-${queue.id}`);
    expect(await count.textContent()).toBe('8');

    // The ninth joins elsewhere: the count moves without a reload.
    const ninth = await apiSession(server, 'player10');
    expect((await ninth.call('POST', `/api/v1/solo-queues/${queue.id}/join`)).status).toBe(200);
    await page.getByTestId(`queue-count-${queue.id}`).filter({ hasText: /^9$/ }).waitFor();

    // The tenth, in the browser, forms the match and is taken to its room.
    await card.getByRole('button', { name: `Join ${queue.name}` }).click();
    await page.waitForURL((url) => /^\/match\/\d+$/.test(url.pathname));

    await page.context().close();
  });
});
