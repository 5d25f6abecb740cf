// The admin's webhook log: an admin registers an endpoint for the demo ladder and another for the demo
// tournament on the Webhooks page (the competitions picker), a captain accepts a ladder challenge, the
// delivery to a real local receiver (answering 500 first) shows in the ladder endpoint's log with the
// receiver's status while the tournament's endpoint hears nothing, and "Send again" delivers it, the log
// saying so.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe('the admin webhook log', () => {
  // Short retries, so the outbox's second attempt comes while the story waits.
  const suite = serverAndBrowser({ WEBHOOK_RETRY_BASE_MS: '200' });
  const received: string[] = [];
  /** What the tournament's endpoint received (its own path on the same receiver). */
  const cupReceived: string[] = [];
  /** Bodies the receiver answered 204 to; until `failing` is turned off it answers 500. */
  const delivered: string[] = [];
  let failing = true;
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/cup') {
        cupReceived.push(body);
        res.end();
        return;
      }
      received.push(body);
      if (!failing) delivered.push(body);
      res.statusCode = failing ? 500 : 204;
      res.end();
    });
  });
  let url = '';
  let cupUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/versus`;
    cupUrl = url.replace('/versus', '/cup');
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('registers endpoints for chosen competitions, shows a failed delivery and sends it again', async () => {
    const { server, browser } = suite.started();
    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/webhooks');
    await admin.getByText('No endpoint yet.').waitFor();
    await admin.getByLabel('Name', { exact: true }).fill('League bot');
    await admin.getByLabel('URL', { exact: true }).fill('ftp://example.com');
    await admin.getByRole('button', { name: 'Register endpoint' }).click();
    await admin.getByText('The url field must be an http or https URL.').waitFor();
    await admin.getByLabel('URL', { exact: true }).fill(url);
    const picker = admin.getByRole('group', { name: 'Competitions' });
    await picker.getByLabel('5v5 Search & Destroy Ladder').check();
    await admin.getByRole('button', { name: 'Register endpoint' }).click();
    const card = admin.getByRole('region', { name: 'League bot' });
    await card.getByText('Nothing delivered yet.').waitFor();
    await card.getByText('Hears: 5v5 Search & Destroy Ladder').waitFor();

    // A second endpoint for the tournament only: the form was emptied after the first.
    await admin.getByLabel('Name', { exact: true }).fill('Cup feed');
    await admin.getByLabel('URL', { exact: true }).fill(cupUrl);
    expect(await picker.getByLabel('5v5 Search & Destroy Ladder').isChecked()).toBe(false);
    await picker.getByLabel('Versus Cup #1').check();
    await admin.getByRole('button', { name: 'Register endpoint' }).click();
    const cupCard = admin.getByRole('region', { name: 'Cup feed' });
    await cupCard.getByText('Hears: Versus Cup #1').waitFor();
    await screenshotsAtBothSizes(admin, 'admin-webhooks-competitions', { scrollTo: picker });

    const challenge = await stageScenario(server, 'ladder-challenge');
    const opponent = await apiSession(server, challenge.opponent.captain ?? '');
    const accepted = await opponent.call(
      'POST',
      `/api/v1/match-detail/status/${String(challenge.matchId)}/accept`,
    );
    expect(accepted.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);

    await admin.reload();
    const row = card.locator('li').filter({ hasText: 'match.accepted' });
    await row.getByText('HTTP 500').waitFor();
    await screenshotsAtBothSizes(admin, 'admin-webhooks-failed', { scrollTo: row });

    // The outbox keeps trying with its backoff; once the receiver is fixed the next attempt lands.
    failing = false;
    await expect.poll(() => delivered.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await admin.reload();
    await row.getByText('HTTP 204').waitFor();

    // "Send again" posts the same delivery (same id) once more.
    await row.getByRole('button', { name: 'Send again' }).click();
    await admin.getByText(/^Delivery \d+ sent again: delivered\.$/).waitFor();
    const accepts = (bodies: string[]) =>
      bodies
        .map((body) => JSON.parse(body) as { id: number; event: string })
        .filter((b) => b.event === 'match.accepted');
    expect(accepts(delivered)).toHaveLength(2);
    expect(new Set(accepts(received).map((b) => b.id)).size).toBe(1);
    // The ladder match is none of the tournament endpoint's business.
    expect(cupReceived).toEqual([]);
    await cupCard.getByText('Nothing delivered yet.').waitFor();
    await screenshotsAtBothSizes(admin, 'admin-webhooks-sent-again', { scrollTo: row });
  });
});
