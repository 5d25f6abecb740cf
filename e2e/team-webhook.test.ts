// A captain wires the team's webhook: on the team page player1 (Red Dragons' captain) registers an endpoint
// on a real local receiver, reads its secret, and the next challenge of the team arrives there signed with
// that secret; then the captain removes it. A member who is not the captain sees no panel.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, stageScenario } from './support/match';
import { screenshotsAtBothSizes } from './support/screenshots';
import { serverAndBrowser } from './support/suite';

describe("the team's webhook", () => {
  const suite = serverAndBrowser();
  const received: { body: string; signature: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-versus-signature']) });
      res.statusCode = 204;
      res.end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/dragons`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("the captain registers it, the team's next match arrives signed, and the captain removes it", async () => {
    const { server, browser } = suite.started();
    const member = await signedInPage(browser, server, 'player2');
    await member.goto('/team/red-dragons');
    await member.getByRole('heading', { name: 'Roster' }).waitFor();
    expect(await member.getByRole('heading', { name: 'Webhook', exact: true }).count()).toBe(0);

    const captain = await signedInPage(browser, server, 'player1');
    await captain.goto('/team/red-dragons');
    const form = captain.getByRole('form', { name: "Register the team's webhook" });
    await form.getByLabel('Name', { exact: true }).fill('Dragons bot');
    await form.getByLabel('URL', { exact: true }).fill(url);
    await form.getByRole('button', { name: 'Register webhook' }).click();
    const panel = captain.getByRole('group', { name: 'Webhook Dragons bot' });
    const secret = (await panel.locator('code').textContent()) ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await screenshotsAtBothSizes(captain, 'team-webhook', { scrollTo: panel });

    const challenge = await stageScenario(server, 'ladder-challenge');
    expect(challenge.challenger.team).toBe('Red Dragons');
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [first] = received;
    const delivery = JSON.parse(first?.body ?? '{}') as { event: string; data: { match: { id: number } } };
    expect(delivery).toMatchObject({ event: 'match.created', data: { match: { id: challenge.matchId } } });
    const t = /t=(\d+)/.exec(first?.signature ?? '')?.[1] ?? '';
    const mac = createHmac('sha256', secret)
      .update(`${t}.${first?.body ?? ''}`)
      .digest('hex');
    expect(first?.signature).toBe(`t=${t},v1=${mac}`);

    await panel.getByRole('button', { name: 'Remove webhook' }).click();
    await captain.getByRole('button', { name: 'Yes, remove it' }).click();
    await captain.getByText('Webhook removed.').waitFor();
    await form.waitFor();
  });
});
