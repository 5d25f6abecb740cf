// Outgoing webhooks through HTTP, delivered to a real local HTTP receiver: an admin registers a generic
// and a Discord endpoint, a ladder challenge is created, accepted and cancelled, and the receiver checks
// signatures and Discord's limits; a receiver answering 500 gets retries with backoff (the fake clock),
// "Send again" delivers the same id once more, a restart mid-retry delivers once, an endpoint failing for
// a day is paused and its owner told, bad URLs get 422, and a captain's endpoint is their team's only.
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import {
  webhookAnswer,
  webhookDeliveriesAnswer,
  webhookDeliveryAnswer,
  webhooksAnswer,
} from '@versus/common/api/webhooks';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectsSettled, effectsWorkerOf } from '../effects/index.ts';
import { runMatchCommand } from '../matches/index.ts';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../../test/index.ts';
import { DISCORD_LIMITS, embedLength, type DiscordBody } from './index.ts';
import { parseDelivery, Receiver, verifySignature, type Received } from './testing.ts';

const SECRET = 'a-receiver-secret-0123456789';
const verify = verifySignature;
const parse = parseDelivery;
/** In the order the deliveries were recorded (they start detached, so two changes' may arrive swapped). */
const recorded = (list: Received[]) =>
  [...list].sort((a, b) => Number(a.headers['x-versus-delivery']) - Number(b.headers['x-versus-delivery']));

const RETRY_BASE_MS = 1000;
let t: TestApp;
let receiver: Receiver;
let base: string;
let admin: TestClient;
let generic: number;

beforeAll(async () => {
  receiver = new Receiver();
  base = await receiver.start();
  t = await buildTestApp({
    env: { WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), WEBHOOK_ALLOW_PRIVATE: '1' },
  });
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const deliveriesOf = async (endpoint: number) =>
  expectAnswer(
    await admin.get(`/api/v1/admin/webhooks/${String(endpoint)}/deliveries`),
    webhookDeliveriesAnswer,
  ).data;

describe('outgoing webhooks', () => {
  it('registers endpoints and delivers signed events and Discord embeds within Discord limits', async () => {
    const created = await admin.post('/api/v1/admin/webhooks', {
      type: 'generic',
      name: 'League bot',
      url: `${base}/hook`,
      secret: SECRET,
      events: ['match.created', 'match.accepted', 'match.cancelled'],
    });
    generic = expectAnswer(created, webhookAnswer, 201).data.id;
    const discord = expectAnswer(
      await admin.post('/api/v1/admin/webhooks', {
        type: 'discord',
        name: 'Discord #matches',
        url: `${base}/discord`,
        events: ['match.created', 'match.accepted'],
      }),
      webhookAnswer,
      201,
    ).data;
    expect(discord.secret.length).toBeGreaterThanOrEqual(16);

    const p1 = await t.signIn('player1');
    const p6 = await t.signIn('player6');
    const matchId = await ladderMatch(t.app, {
      challenger: p1,
      opponentSlug: 'northern-wolves',
      accepter: p6,
    });
    // The deliveries start after each answer: wait for them as the receiver would.
    await effectsSettled(t.app.ctx);

    const hooks = recorded(receiver.at('/hook'));
    expect(hooks.map((r) => parse(r).event)).toEqual(['match.created', 'match.accepted']);
    for (const r of hooks) {
      expect(verify(r, SECRET)).toBe(true);
      expect(verify(r, 'another-secret-0123456789')).toBe(false);
      expect(parse(r).data.match.id).toBe(matchId);
      expect(r.headers['x-versus-delivery']).toBe(String(parse(r).id));
    }
    expect(new Set(hooks.map((r) => parse(r).id)).size).toBe(2);

    const posts = recorded(receiver.at('/discord'));
    expect(posts).toHaveLength(2);
    for (const r of posts) {
      const body = JSON.parse(r.body) as DiscordBody;
      expect(body.embeds.length).toBeGreaterThan(0);
      expect(body.embeds.length).toBeLessThanOrEqual(DISCORD_LIMITS.embeds);
      for (const e of body.embeds) {
        expect(e.title.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
        expect(e.description.length).toBeLessThanOrEqual(DISCORD_LIMITS.description);
        expect(e.fields.length).toBeLessThanOrEqual(DISCORD_LIMITS.fields);
        for (const f of e.fields) {
          expect(f.name.length).toBeLessThanOrEqual(DISCORD_LIMITS.fieldName);
          expect(f.value.length).toBeLessThanOrEqual(DISCORD_LIMITS.fieldValue);
        }
        expect(e.footer.text.length).toBeLessThanOrEqual(DISCORD_LIMITS.footer);
        expect(e.author.name.length).toBeLessThanOrEqual(DISCORD_LIMITS.author);
        expect(embedLength(e)).toBeLessThanOrEqual(DISCORD_LIMITS.total);
      }
    }
    expect((JSON.parse(posts[0]?.body ?? '{}') as DiscordBody).embeds[0]?.title).toBe(
      'New match: Red Dragons vs Northern Wolves',
    );

    const log = await deliveriesOf(generic);
    expect(log.map((d) => [d.event, d.status, d.lastStatusCode, d.attempts])).toEqual([
      ['match.accepted', 'delivered', 200, 1],
      ['match.created', 'delivered', 200, 1],
    ]);
  });

  it('retries a 500 with backoff, sends again on request, and a restart mid-retry delivers once', async () => {
    const before = receiver.at('/hook').length;
    receiver.statuses.push(500, 500);
    const adminRow = (await t.app.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.username, 'admin'),
    }))!;
    const [match] = await t.app.db.query.matches.findMany({
      where: (m, { eq }) => eq(m.statusId, STATUS.inProgress),
    });
    const open = match ?? (await t.app.db.query.matches.findFirst({ orderBy: (m, { desc }) => desc(m.id) }))!;
    await runMatchCommand(t.app.ctx, open.id, {
      type: 'match.cancel',
      actor: { userId: adminRow.id, isAdmin: true },
    });
    await effectsSettled(t.app.ctx);
    expect(receiver.at('/hook').length).toBe(before + 1);
    let [cancelled] = await deliveriesOf(generic);
    expect(cancelled).toMatchObject({
      event: 'match.cancelled',
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
    });

    // Not due yet: nothing is sent before the backoff.
    const worker = effectsWorkerOf(t.app.ctx);
    expect(await worker.runDue(t.clock.now())).toBe(0);
    await worker.runDue(t.clock.advance(RETRY_BASE_MS));
    [cancelled] = await deliveriesOf(generic);
    expect(cancelled).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 500 });
    // The second wait is twice the first.
    expect(await worker.runDue(t.clock.advance(RETRY_BASE_MS))).toBe(0);

    // A restart while the delivery waits: the new process delivers it, once.
    await t.closeApp();
    t = await buildTestApp({
      database: t.database,
      clock: t.clock,
      env: { WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), WEBHOOK_ALLOW_PRIVATE: '1' },
    });
    admin = await t.signIn('admin');
    const cancels = receiver.at('/hook').filter((r) => parse(r).event === 'match.cancelled');
    expect(cancels).toHaveLength(3);
    expect(cancels.every((r) => parse(r).id === cancelled?.id && verify(r, SECRET))).toBe(true);
    [cancelled] = await deliveriesOf(generic);
    expect(cancelled).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    await effectsWorkerOf(t.app.ctx).runDue(t.clock.advance(60 * 60_000));
    expect(receiver.at('/hook').filter((r) => parse(r).event === 'match.cancelled')).toHaveLength(3);

    // "Send again": the same delivery id, once more.
    const again = expectAnswer(
      await admin.post(`/api/v1/admin/webhooks/deliveries/${String(cancelled?.id)}/resend`, {}),
      webhookDeliveryAnswer,
    ).data;
    expect(again).toMatchObject({ id: cancelled?.id, status: 'delivered', attempts: 4 });
    const last = receiver.received.at(-1);
    expect(last && parse(last).id).toBe(cancelled?.id);
  });

  it('pauses an endpoint failing for a day and tells its owner', async () => {
    receiver.statuses.push(...Array<number>(60).fill(500));
    const p11 = await t.signIn('player11');
    const p16 = await t.signIn('player16');
    await ladderMatch(t.app, { challenger: p11, opponentSlug: 'iron-phantoms' });
    await effectsSettled(t.app.ctx);
    const worker = effectsWorkerOf(t.app.ctx);
    for (let hour = 0; hour < 26; hour += 1) await worker.runDue(t.clock.advance(60 * 60_000));
    void p16;
    const list = expectAnswer(await admin.get('/api/v1/admin/webhooks'), webhooksAnswer).data;
    const endpoint = list.find((w) => w.id === generic);
    expect(endpoint?.pausedAt).not.toBeNull();
    expect((await deliveriesOf(generic))[0]).toMatchObject({ event: 'match.created', status: 'failed' });
    const notes = expectAnswer(await admin.get('/api/v1/notification'), notificationsPageSchema).data;
    expect(notes.some((n) => n.message.includes('League bot') && n.message.includes('paused'))).toBe(true);
    receiver.statuses.length = 0;

    // On again lifts the pause.
    const on = expectAnswer(
      await admin.patch(`/api/v1/admin/webhooks/${String(generic)}`, { enabled: true }),
      webhookAnswer,
    ).data;
    expect(on).toMatchObject({ enabled: true, pausedAt: null, failingSince: null });
  });

  it('refuses bad URLs with 422', async () => {
    const body = (url: string) => ({ type: 'generic', name: 'Bad', url, events: ['match.result'] });
    const refused = async (url: string) =>
      expectAnswer(await admin.post('/api/v1/admin/webhooks', body(url)), validationErrorAnswer, 422).errors
        .url;
    expect(await refused('ftp://example.com/hook')).toEqual(['The url field must be an http or https URL.']);
    expect(await refused(`https://example.com/${'a'.repeat(2100)}`)).toEqual([
      'The url field must not be greater than 2048 characters.',
    ]);
    t.app.ctx.config.webhooks.allowPrivate = false;
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://[::1]/x',
        'http://10.1.2.3/x',
        'http://localhost/x',
      ]) {
        expect(await refused(url)).toEqual([
          'The url field must not point at a loopback or private address.',
        ]);
      }
    } finally {
      t.app.ctx.config.webhooks.allowPrivate = true;
    }
  });

  it("lets a captain register one endpoint for their team's matches only", async () => {
    const p1 = await t.signIn('player1');
    const p2 = await t.signIn('player2');
    const body = { type: 'generic', name: 'Dragons bot', url: `${base}/team`, events: ['match.created'] };
    expect((await p2.post('/api/v1/teams/red-dragons/webhooks', body)).status).toBe(403);
    expectAnswer(await p1.post('/api/v1/teams/red-dragons/webhooks', body), webhookAnswer, 201);
    expect((await p1.post('/api/v1/teams/red-dragons/webhooks', body)).status).toBe(409);
    expect((await p1.get('/api/v1/admin/webhooks')).status).toBe(403);

    await ladderMatch(t.app, { challenger: await t.signIn('player6'), opponentSlug: 'silent-vipers' });
    await effectsSettled(t.app.ctx);
    expect(receiver.at('/team')).toHaveLength(0);
    await ladderMatch(t.app, { challenger: p1, opponentSlug: 'silent-vipers' });
    await effectsSettled(t.app.ctx);
    expect(receiver.at('/team').map((r) => parse(r).event)).toEqual(['match.created']);
    // Only the captain reads and removes it; another team's captain cannot reach it through their team.
    const mine = expectAnswer(await p1.get('/api/v1/teams/red-dragons/webhooks'), webhooksAnswer).data;
    expect(mine).toEqual([
      expect.objectContaining({
        name: 'Dragons bot',
        teamId: expect.any(Number) as number,
        ownerUsername: 'player1',
      }),
    ]);
    expect((await p2.get('/api/v1/teams/red-dragons/webhooks')).status).toBe(403);
    expect((await t.client().get('/api/v1/teams/red-dragons/webhooks')).status).toBe(401);
    const p6 = await t.signIn('player6');
    const id = String(mine[0]?.id);
    expect((await p6.request('DELETE', `/api/v1/teams/northern-wolves/webhooks/${id}`)).status).toBe(404);
    expect((await p6.request('DELETE', `/api/v1/teams/red-dragons/webhooks/${id}`)).status).toBe(403);
    // Admins see it among every endpoint.
    const all = expectAnswer(await admin.get('/api/v1/admin/webhooks'), webhooksAnswer).data;
    expect(all.some((w) => w.name === 'Dragons bot' && w.teamId !== null)).toBe(true);
    expect((await p1.request('DELETE', `/api/v1/teams/red-dragons/webhooks/${id}`)).status).toBe(200);
    expect(expectAnswer(await p1.get('/api/v1/teams/red-dragons/webhooks'), webhooksAnswer).data).toEqual([]);
  });

  it("lets a captain turn the team's paused endpoint on again; the pause notice links to the team", async () => {
    const p1 = await t.signIn('player1');
    const p2 = await t.signIn('player2');
    const made = expectAnswer(
      await p1.post('/api/v1/teams/red-dragons/webhooks', {
        type: 'generic',
        name: 'Dragons bot',
        url: `${base}/dragons`,
        events: ['match.created'],
      }),
      webhookAnswer,
      201,
    ).data;
    const resume = (client: TestClient, slug = 'red-dragons', id = made.id) =>
      client.post(`/api/v1/teams/${slug}/webhooks/${String(id)}/resume`);
    expect(await resume(p1)).toMatchObject({ status: 409, body: { message: 'This webhook is not paused.' } });

    receiver.statuses.push(...Array<number>(60).fill(500));
    await ladderMatch(t.app, { challenger: await t.signIn('player16'), opponentSlug: 'red-dragons' });
    await effectsSettled(t.app.ctx);
    const worker = effectsWorkerOf(t.app.ctx);
    for (let hour = 0; hour < 26; hour += 1) await worker.runDue(t.clock.advance(60 * 60_000));
    receiver.statuses.length = 0;
    const paused = expectAnswer(await p1.get('/api/v1/teams/red-dragons/webhooks'), webhooksAnswer).data[0];
    expect(paused?.pausedAt).not.toBeNull();
    const notice = expectAnswer(await p1.get('/api/v1/notification'), notificationsPageSchema).data.find(
      (n) => n.message.includes('Dragons bot'),
    );
    expect(notice?.data).toMatchObject({ redirectUrl: '/team/red-dragons' });

    // Only the captain, only their own team's endpoint.
    expect((await resume(p2)).status).toBe(403);
    expect((await resume(t.client())).status).toBe(401);
    expect((await resume(p1, 'red-dragons', generic)).status).toBe(404);
    const on = expectAnswer(await resume(p1), webhookAnswer).data;
    expect(on).toMatchObject({ enabled: true, pausedAt: null, failingSince: null });

    // An endpoint an admin turned off stays off until an admin turns it on.
    await admin.patch(`/api/v1/admin/webhooks/${String(made.id)}`, { enabled: false });
    expect(await resume(p1)).toMatchObject({
      status: 409,
      body: { message: 'An admin turned this webhook off: ask an admin to turn it on.' },
    });
    await p1.request('DELETE', `/api/v1/teams/red-dragons/webhooks/${String(made.id)}`);
    // The admin's endpoints failed that day too: on again for the tests after this one.
    for (const hook of expectAnswer(await admin.get('/api/v1/admin/webhooks'), webhooksAnswer).data) {
      await admin.patch(`/api/v1/admin/webhooks/${String(hook.id)}`, { enabled: true });
    }
  });
});
