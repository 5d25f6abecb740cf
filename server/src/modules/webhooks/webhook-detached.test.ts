// No player waits for a webhook receiver: with the receiver holding every request unanswered (a slow or dead
// one), a captain's accept answers while the delivery's first attempt is still held at the receiver, and the
// delivery lands once the receiver answers. Code that carries the delivery out before the answer fails it (the
// answer then comes only after the attempt's 10 second timeout, counted as a failed attempt).
import { webhookAnswer, webhookDeliveriesAnswer } from '@versus/common/api/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectsSettled } from '../effects/index.ts';
import { buildTestApp, eventually, expectAnswer, ladderMatch, type TestApp } from '../../test/index.ts';
import { parseDelivery, Receiver } from './testing.ts';

let t: TestApp;
let receiver: Receiver;
let base: string;

beforeAll(async () => {
  receiver = new Receiver();
  base = await receiver.start();
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
});
afterAll(async () => {
  receiver.release();
  await t.close();
  await receiver.close();
});

describe('webhook deliveries after a change', () => {
  it("answer a captain's accept while the receiver holds the delivery, and land once it answers", async () => {
    const admin = await t.signIn('admin');
    const endpoint = expectAnswer(
      await admin.post('/api/v1/admin/webhooks', {
        type: 'generic',
        name: 'Slow bot',
        url: `${base}/slow`,
        secret: 'a-receiver-secret-0123456789',
        events: ['match.accepted'],
      }),
      webhookAnswer,
      201,
    ).data.id;
    const p1 = await t.signIn('player1');
    const p6 = await t.signIn('player6');
    const matchId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });

    receiver.hold();
    const accepted = await p6.post(`/api/v1/match-detail/status/${String(matchId)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // The delivery reached the receiver and its attempt is still under way (not timed out, not counted): the
    // accept did not wait for it.
    await eventually(() => expect(receiver.held).toEqual(['/slow']));
    expect(receiver.received).toHaveLength(0);
    const during = expectAnswer(
      await admin.get(`/api/v1/admin/webhooks/${String(endpoint)}/deliveries`),
      webhookDeliveriesAnswer,
    ).data;
    expect(during.map((d) => [d.event, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['match.accepted', 'pending', 0, null],
    ]);

    receiver.release();
    await effectsSettled(t.app.ctx);
    expect(
      receiver.received.map((r) => [r.path, parseDelivery(r).event, parseDelivery(r).data.match.id]),
    ).toEqual([['/slow', 'match.accepted', matchId]]);
    const deliveries = expectAnswer(
      await admin.get(`/api/v1/admin/webhooks/${String(endpoint)}/deliveries`),
      webhookDeliveriesAnswer,
    ).data;
    expect(deliveries.map((d) => [d.event, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['match.accepted', 'delivered', 1, 200],
    ]);
  });
});
