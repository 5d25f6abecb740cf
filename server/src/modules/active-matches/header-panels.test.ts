import { STATUS } from '@versus/common/match/statuses';
import { activeMatchesAnswer } from '@versus/common/api/active-matches';
import {
  deleteNotificationAnswer,
  markSeenAnswer,
  notificationsPageSchema,
} from '@versus/common/api/notifications';
import { ACTIVE_MATCHES_PER_PAGE, NOTIFICATIONS_PER_PAGE } from '@versus/common/api/page-sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../../test/index.ts';
import { NOTIFICATION_TEXTS } from '../notifications/index.ts';

describe('header panels: active games and notifications', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;
  let p2: TestClient;
  let p20: TestClient;
  let matchId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    [p1, p6, p2, p20] = [
      await t.signIn('player1'),
      await t.signIn('player6'),
      await t.signIn('player2'),
      await t.signIn('player20'),
    ];
    matchId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the active matches of every player of both rosters, with the count beside the list', async () => {
    const res = await p2.get('/api/v1/match/user-active-matches?page=1');
    const body = expectAnswer(res, activeMatchesAnswer);
    expect(body.data.userActiveMatchesCount).toBe(1);
    expect(body.data).toMatchObject({ current_page: 1, last_page: 1 });
    expect(body.data.data[0]).toMatchObject({
      id: matchId,
      tournamentId: null,
      statusId: STATUS.challenge,
      challengerTeamName: 'Red Dragons',
      startDate: null,
    });
    // The raw answer's keys: the parsed one only ever holds the schema's fields.
    const raw = z.object({ data: z.object({ data: z.array(z.looseObject({})) }) }).parse(res.body);
    expect(Object.keys(raw.data.data[0] ?? {}).sort()).toEqual(
      [
        'challengerTeamName',
        'createdAt',
        'expectedStartDate',
        'id',
        'opponentTeamName',
        'startDate',
        'statusId',
        'tournamentId',
      ].sort(),
    );
    // player20 (iron-phantoms) plays nothing.
    const none = expectAnswer(await p20.get('/api/v1/match/user-active-matches'), activeMatchesAnswer);
    expect(none.data).toMatchObject({ data: [], userActiveMatchesCount: 0, last_page: 1 });
    expect(ACTIVE_MATCHES_PER_PAGE).toBeGreaterThan(0);
  });

  it('drops cancelled matches and refuses signed-out users', async () => {
    await p1.post(`/api/v1/match-detail/status/${String(matchId)}/cancel`);
    const res = expectAnswer(await p2.get('/api/v1/match/user-active-matches'), activeMatchesAnswer);
    expect(res.data.userActiveMatchesCount).toBe(0);
    expect((await t.client().get('/api/v1/match/user-active-matches')).status).toBe(401);
  });

  it('pages notifications like a Laravel paginator, newest first, with the unseen ids', async () => {
    const [user6] = await t.app.db.select().from(notifications).limit(1);
    const userId = user6?.userId ?? 0; // player6 got the challenge notification
    const now = t.clock.now();
    await t.app.db.insert(notifications).values(
      Array.from({ length: 20 }, (_, i) => ({
        userId,
        type: 'test',
        message: `<b>note ${String(i)}</b><script>alert(1)</script>`,
        data: { redirectUrl: i % 2 === 0 ? `/match/${String(i)}` : undefined },
        createdAt: new Date(now + (i + 1) * 1000),
      })),
    );
    const page1 = expectAnswer(await p6.get('/api/v1/notification?page=1'), notificationsPageSchema);
    expect(page1.meta).toMatchObject({ current_page: 1, per_page: NOTIFICATIONS_PER_PAGE });
    const total = page1.meta.total;
    expect(total).toBeGreaterThanOrEqual(21);
    expect(page1.meta.last_page).toBe(Math.ceil(total / NOTIFICATIONS_PER_PAGE));
    expect(page1.links).toEqual({
      first: '/api/v1/notification?page=1',
      last: `/api/v1/notification?page=${String(page1.meta.last_page)}`,
      prev: null,
      next: '/api/v1/notification?page=2',
    });
    expect(page1.data).toHaveLength(NOTIFICATIONS_PER_PAGE);
    expect(page1.data[0]?.message).toBe('<b>note 19</b>');
    // Instants (the browser shows them in local time), not UTC wall-clock strings.
    const newest = new Date(now + 20 * 1000).toISOString();
    expect(page1.data[0]).toMatchObject({ createdAt: newest, createdAtTime: newest });
    expect(page1.data[1]?.data.redirectUrl).toBe('/match/18');
    expect(page1.data[0]?.data.redirectUrl).toBeNull();
    expect(page1.unseenNotifications).toHaveLength(total);
    const page2 = expectAnswer(await p6.get('/api/v1/notification?page=2'), notificationsPageSchema);
    expect(page2.links.prev).toBe('/api/v1/notification?page=1');
    expect(page2.data).toHaveLength(total - NOTIFICATIONS_PER_PAGE);
  });

  it("marks seen, marks all seen and deletes only the user's own notifications", async () => {
    const list = () => p6.get('/api/v1/notification');
    const mine = expectAnswer(await list(), notificationsPageSchema).data;
    const [a, b, c] = mine.map((n) => n.id);
    if (a === undefined || b === undefined || c === undefined) throw new Error('expected notifications');

    // Someone else's ids are ignored, not marked.
    await p1.post('/api/v1/notification/seen', { notificationIds: [a] });
    expect(expectAnswer(await list(), notificationsPageSchema).unseenNotifications).toContain(a);

    const seen = await p6.post('/api/v1/notification/seen', { notificationIds: [a, b] });
    expect(expectAnswer(seen, markSeenAnswer)).toMatchObject({ message: NOTIFICATION_TEXTS.seen });
    const after = expectAnswer(await list(), notificationsPageSchema);
    expect(after.unseenNotifications).not.toContain(a);
    expect(after.unseenNotifications).toContain(c);

    expect((await p6.post('/api/v1/notification/seen', { notificationIds: 'x' })).status).toBe(422);

    expect((await p1.request('DELETE', `/api/v1/notification/${String(c)}`)).status).toBe(404);
    const del = await p6.request('DELETE', `/api/v1/notification/${String(c)}`);
    expect(expectAnswer(del, deleteNotificationAnswer)).toEqual({ message: NOTIFICATION_TEXTS.deleted });
    expect((await p6.request('DELETE', `/api/v1/notification/${String(c)}`)).status).toBe(404);

    expectAnswer(await p6.post('/api/v1/notification/mark-as-seen-all-notifications'), markSeenAnswer);
    expect(expectAnswer(await list(), notificationsPageSchema).unseenNotifications).toEqual([]);
  });

  it('refuses every notification call when signed out', async () => {
    const anon = t.client();
    expect((await anon.get('/api/v1/notification')).status).toBe(401);
    expect((await anon.post('/api/v1/notification/seen', { notificationIds: [1] })).status).toBe(401);
    expect((await anon.post('/api/v1/notification/mark-as-seen-all-notifications')).status).toBe(401);
    expect((await anon.request('DELETE', '/api/v1/notification/1')).status).toBe(401);
  });
});
