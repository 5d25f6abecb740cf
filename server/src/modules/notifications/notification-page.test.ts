// The notifications panel's page through HTTP: answered from bytes encoded once per change with an ETag
// (304 for If-None-Match), and never stale after a change made through the app: a new notification, marking
// seen, deleting. The cache lives for ten minutes here, so only the invalidation can make these tests pass;
// the same on two instances over Redis.
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectAnswer,
  ladderMatch,
  redisDeployment,
  TestClient,
  type RedisDeployment,
  type TestApp,
} from '../../test/index.ts';
import { users } from '../../db/schema/index.ts';
import { NotificationPageCache } from './notification-page-cache.ts';
import { notifyUsers } from './notify.ts';

const PAGE = '/api/v1/notification?page=1';
const LONG = { NOTIFICATION_CACHE_TTL_MS: '600000' };

async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

function etagOf(res: { headers: Record<string, unknown> }): string {
  const etag = res.headers.etag;
  if (typeof etag !== 'string') throw new Error('expected an ETag');
  return etag;
}

describe('the notifications page, encoded once per change', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;

  beforeAll(async () => {
    t = await buildTestApp({ env: LONG });
    [p1, p6] = [await t.signIn('player1'), await t.signIn('player6')];
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with an ETag, 304 for If-None-Match, and a new page and tag once a notification arrives', async () => {
    const first = await p6.get(PAGE);
    const before = expectAnswer(first, notificationsPageSchema);
    const etag = etagOf(first);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const same = await p6.get(PAGE, { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.body).toBeNull();

    // player6 captains Northern Wolves: the challenge tells them.
    await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    const changed = await p6.get(PAGE, { 'if-none-match': etag });
    const after = expectAnswer(changed, notificationsPageSchema);
    expect(etagOf(changed)).not.toBe(etag);
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data[0]?.message).toContain('Red Dragons');
    expect(after.unseenNotifications[0]).toBe(after.data[0]?.id);
  });

  it('shows what marking seen, marking all seen and deleting changed on the very next read', async () => {
    const player6 = await userId(t, 'player6');
    await notifyUsers(
      t.app.ctx,
      ['one', 'two', 'three'].map((word) => ({
        userId: player6,
        type: 'test',
        message: `Note <b>${word}</b>`,
        data: { redirectUrl: '/ladders' },
      })),
    );
    const page = expectAnswer(await p6.get(PAGE), notificationsPageSchema);
    expect(page.data.slice(0, 3).map((n) => n.message)).toEqual([
      'Note <b>three</b>',
      'Note <b>two</b>',
      'Note <b>one</b>',
    ]);
    const [three, two] = page.data;
    if (!three || !two) throw new Error('expected notifications');

    await p6.post('/api/v1/notification/seen', { notificationIds: [three.id] });
    const seen = expectAnswer(await p6.get(PAGE), notificationsPageSchema);
    expect(seen.unseenNotifications).not.toContain(three.id);
    expect(seen.unseenNotifications).toContain(two.id);

    expect((await p6.request('DELETE', `/api/v1/notification/${String(two.id)}`)).status).toBe(200);
    const deleted = expectAnswer(await p6.get(PAGE), notificationsPageSchema);
    expect(deleted.data.map((n) => n.id)).not.toContain(two.id);
    expect(deleted.meta.total).toBe(page.meta.total - 1);

    await p6.post('/api/v1/notification/mark-as-seen-all-notifications');
    expect(expectAnswer(await p6.get(PAGE), notificationsPageSchema).unseenNotifications).toEqual([]);
  });

  it('answers each user their own page, whatever tag the browser holds', async () => {
    const mine = await p6.get(PAGE);
    const theirs = await p1.get(PAGE, { 'if-none-match': etagOf(mine) });
    const page = expectAnswer(theirs, notificationsPageSchema);
    expect(page).not.toEqual(expectAnswer(mine, notificationsPageSchema));
    expect(page.data.every((n) => !n.message.startsWith('Note '))).toBe(true);
  });
});

describe('the notifications page on two instances over Redis', () => {
  let deployment: RedisDeployment | undefined;

  beforeAll(async () => {
    deployment = await redisDeployment({ env: LONG });
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('a notification written on one instance shows at once on the page the other had cached', async () => {
    const [a, b] = deployment?.instances as [TestApp, TestApp];
    const onB = await b.signIn('player7');
    const before = expectAnswer(await onB.get(PAGE), notificationsPageSchema);
    await notifyUsers(a.app.ctx, [
      { userId: await userId(a, 'player7'), type: 'test', message: 'From <b>A</b>', data: {} },
    ]);
    const after = expectAnswer(await onB.get(PAGE), notificationsPageSchema);
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data[0]?.message).toBe('From <b>A</b>');

    const onA = new TestClient(a.app, '10.9.0.7');
    for (const [k, v] of onB.cookies) onA.cookies.set(k, v);
    await onA.post('/api/v1/notification/mark-as-seen-all-notifications');
    expect(expectAnswer(await onB.get(PAGE), notificationsPageSchema).unseenNotifications).toEqual([]);
  });
});

describe('NotificationPageCache', () => {
  const body = (text: string) => ({ bytes: Buffer.from(text), etag: `"${text}"` });

  it('never stores a read that was running when the user was invalidated, and no later request joins it', async () => {
    const cache = new NotificationPageCache(600_000);
    let finish: (value: ReturnType<typeof body>) => void = () => undefined;
    const old = cache.page(1, 1, () => new Promise((resolve) => (finish = resolve)));
    cache.invalidate([1]);
    const fresh = cache.page(1, 1, async () => body('new'));
    finish(body('old'));
    expect((await old).etag).toBe('"old"');
    expect((await fresh).etag).toBe('"new"');
    expect((await cache.page(1, 1, async () => body('other'))).etag).toBe('"new"');
  });

  it('holds at most its number of pages, dropping the user stored longest ago', async () => {
    const cache = new NotificationPageCache(600_000, 2);
    await cache.page(1, 1, async () => body('1'));
    await cache.page(2, 1, async () => body('2'));
    await cache.page(3, 1, async () => body('3'));
    expect((await cache.page(3, 1, async () => body('3 again'))).etag).toBe('"3"');
    expect((await cache.page(2, 1, async () => body('2 again'))).etag).toBe('"2"');
    expect((await cache.page(1, 1, async () => body('1 again'))).etag).toBe('"1 again"');
  });

  it('reads every time with a lifetime of 0', async () => {
    const cache = new NotificationPageCache(0);
    await cache.page(1, 1, async () => body('a'));
    expect((await cache.page(1, 1, async () => body('b'))).etag).toBe('"b"');
  });
});
