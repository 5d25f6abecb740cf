// A webhook delivery survives SIGKILL of the real server process (server/src/test/server-process.ts): an
// admin registers an endpoint over HTTP, a ladder challenge is created, the local receiver answers its
// delivery 500, and while the delivery waits for its retry (an hour away) the process is killed with
// SIGKILL. Started again on the same data, the server delivers it at once: the same delivery id and body,
// one more time only, the log saying delivered after two attempts; a later event is delivered as usual and
// the first one is not sent again.
import { webhookAnswer, webhookDeliveriesAnswer } from '@versus/common/api/webhooks';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killServerProcess,
  makeDataDir,
  signIn,
  signInCaptains,
  stageScenario,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../../test/server-process.ts';
import { parseDelivery, Receiver, verifySignature } from './testing.ts';

const SECRET = 'the-kill-test-receiver-secret';
const ENV = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: String(60 * 60_000) };
const POLL = { timeout: 120_000, interval: 200 };

const receiver = new Receiver();
let data: Awaited<ReturnType<typeof makeDataDir>> | null = null;
let proc: ServerProcess | null = null;

afterAll(async () => {
  if (proc) await killServerProcess(proc);
  await receiver.close();
  await data?.remove();
});

async function deliveryLog(admin: ProcessSession, endpointId: number) {
  const res = await admin.call('GET', `/api/v1/admin/webhooks/${String(endpointId)}/deliveries`);
  expect(res.status).toBe(200);
  return webhookDeliveriesAnswer.parse(res.body).data;
}

// The server process runs on its own PGlite folder whatever the project: run once, in the `server` project.
describe.skipIf(process.env.TEST_DB === 'postgres')('a webhook delivery survives SIGKILL mid-retry', () => {
  it('is delivered once after the restart, with the same id and body', async () => {
    const base = await receiver.start();
    data = await makeDataDir('versus-webhooks-kill-');
    proc = await startServerProcess(data.dir, ENV);

    let admin = await signIn(proc, 'admin');
    const registered = await admin.call('POST', '/api/v1/admin/webhooks', {
      type: 'generic',
      name: 'Kill test',
      url: `${base}/hook`,
      secret: SECRET,
      events: ['match.created', 'match.accepted'],
    });
    expect(registered.status).toBe(201);
    const endpointId = webhookAnswer.parse(registered.body).data.id;

    // The first attempt is answered 500: the delivery waits an hour for its retry.
    receiver.statuses.push(500);
    const staged = await stageScenario(proc, 'ladder-challenge');
    await expect.poll(() => receiver.at('/hook').length, POLL).toBe(1);
    const [first] = receiver.at('/hook');
    if (!first) throw new Error('no first attempt');
    const created = parseDelivery(first);
    expect(created).toMatchObject({ event: 'match.created', data: { match: { id: staged.matchId } } });
    await expect.poll(async () => (await deliveryLog(admin, endpointId))[0]?.lastStatusCode, POLL).toBe(500);
    expect((await deliveryLog(admin, endpointId))[0]).toMatchObject({
      id: created.id,
      status: 'pending',
      attempts: 1,
    });

    await killServerProcess(proc);
    proc = await startServerProcess(data.dir, ENV);

    // The restart's first pass carries out what was owed: the same delivery, once.
    await expect.poll(() => receiver.at('/hook').length, POLL).toBe(2);
    const [, again] = receiver.at('/hook');
    if (!again) throw new Error('no second attempt');
    expect(again.body).toBe(first.body);
    expect(again.headers['x-versus-delivery']).toBe(String(created.id));
    expect(verifySignature(again, SECRET)).toBe(true);
    admin = await signIn(proc, 'admin');
    expect((await deliveryLog(admin, endpointId))[0]).toMatchObject({
      id: created.id,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
    });

    // A later event goes out as usual, and the first is not sent a third time.
    const captains = await signInCaptains(proc, staged);
    const opponent = captains.get(staged.opponent.captain ?? '');
    if (!opponent) throw new Error('no opponent captain');
    const accepted = await opponent.call(
      'POST',
      `/api/v1/match-detail/status/${String(staged.matchId)}/accept`,
    );
    expect(accepted.status).toBe(200);
    await expect.poll(() => receiver.at('/hook').length, POLL).toBe(3);
    const events = receiver.at('/hook').map((r) => [parseDelivery(r).event, parseDelivery(r).id]);
    expect(events).toEqual([
      ['match.created', created.id],
      ['match.created', created.id],
      ['match.accepted', expect.any(Number) as number],
    ]);
    expect(receiver.at('/hook').every((r) => verifySignature(r, SECRET))).toBe(true);
  }, 600_000);
});
