// Reports, the moderation queue and bans through HTTP: the refusals of a report, the admin's actions (each in
// the audit log, each refused to players), and a ban in force closing every door a banned account may not
// pass (solo-queue, ladders, tournaments, lineups) with its end date, until it ends or is lifted; a banned
// player's appeal.
import {
  appealAnswer,
  banActionAnswer,
  banListAnswer,
  createReportAnswer,
  moderationLogAnswer,
  myBanAnswer,
  reportActionAnswer,
  reportListAnswer,
} from '@versus/common/api/moderation';
import { messageAnswer, validationErrorAnswer } from '@versus/common/api/primitives';
import { userProfileAnswer } from '@versus/common/api/users';
import { lineupAnswer } from '@versus/common/api/matches';
import { MODERATION_TEXTS } from '@versus/common/moderation/moderation';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladders, notifications, soloQueues, tournaments, users } from '../../db/schema/index.ts';
import {
  buildTestApp,
  expectAnswer,
  ladderMatch,
  T0,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: TestClient;
let p1: TestClient;
let p2: TestClient;
const ids = new Map<string, number>();

async function idOf(username: string): Promise<number> {
  const known = ids.get(username);
  if (known !== undefined) return known;
  const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no ${username}`);
  ids.set(username, u.id);
  return u.id;
}

const report = async (client: TestClient, username: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/v1/reports', {
    userId: await idOf(username),
    category: 'cheating',
    text: 'Wallhack all match long, see round 7.',
    ...extra,
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn('admin');
  p1 = await t.signIn('player1');
  p2 = await t.signIn('player2');
});
afterAll(async () => t.close());

describe('reports', () => {
  it('refuses a signed-out report, oneself, no text, an unknown user, category or evidence', async () => {
    expect((await t.client('10.9.9.9').post('/api/v1/reports', {})).status).toBe(401);

    const self = expectAnswer(await report(p1, 'player1'), validationErrorAnswer, 422);
    expect(self.errors).toEqual({ userId: [MODERATION_TEXTS.self] });

    const empty = expectAnswer(await report(p1, 'player3', { text: '   ' }), validationErrorAnswer, 422);
    expect(empty.errors.text).toEqual(['The text field is required.']);
    const missing = await p1.post('/api/v1/reports', { userId: await idOf('player3'), category: 'abuse' });
    expect(expectAnswer(missing, validationErrorAnswer, 422).errors.text).toEqual([
      'The text field is required.',
    ]);
    const short = expectAnswer(await report(p1, 'player3', { text: 'bad' }), validationErrorAnswer, 422);
    expect(short.errors.text).toEqual(['The text field must be at least 10 characters.']);
    const long = expectAnswer(
      await report(p1, 'player3', { text: 'x'.repeat(2001) }),
      validationErrorAnswer,
      422,
    );
    expect(long.errors.text).toEqual(['The text field must not be greater than 2000 characters.']);

    const unknown = await p1.post('/api/v1/reports', {
      userId: 999_999,
      category: 'abuse',
      text: 'Insulted everyone in chat.',
    });
    expect(expectAnswer(unknown, validationErrorAnswer, 422).errors).toEqual({
      userId: ['The selected user does not exist.'],
    });
    const category = expectAnswer(
      await report(p1, 'player3', { category: 'rude' }),
      validationErrorAnswer,
      422,
    );
    expect(category.errors.category).toEqual([
      'The category field must be cheating, abuse, griefing or other.',
    ]);
    const evidence = expectAnswer(
      await report(p1, 'player3', { matchId: 999_999, round: 0 }),
      validationErrorAnswer,
      422,
    );
    expect(evidence.errors.round).toEqual(['The round field must be a number from 1 to 99.']);
    const noMatch = expectAnswer(
      await report(p1, 'player3', { matchId: 999_999 }),
      validationErrorAnswer,
      422,
    );
    expect(noMatch.errors).toEqual({ matchId: ['The selected match does not exist.'] });
    const noDemo = expectAnswer(await report(p1, 'player3', { demoId: 999_999 }), validationErrorAnswer, 422);
    expect(noDemo.errors).toEqual({ demoId: ['The selected demo does not exist.'] });
  });

  it('takes a report with its evidence, once per player, and at most five open per reporter', async () => {
    const matchId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    const made = expectAnswer(
      await report(p2, 'player7', { matchId, mapName: 'mp_crash', round: 7, category: 'griefing' }),
      createReportAnswer,
      201,
    );
    expect(made.message).toBe(MODERATION_TEXTS.reported);
    expect(made.data).toMatchObject({
      category: 'griefing',
      status: 'open',
      reporter: { username: 'player2' },
      reported: { username: 'player7' },
      evidence: { matchId, mapName: 'mp_crash', round: 7, demoId: null, screenshotId: null },
      reportedBan: null,
    });
    expect(expectAnswer(await report(p2, 'player7'), messageAnswer, 409).message).toBe(
      MODERATION_TEXTS.duplicate,
    );

    for (const name of ['player8', 'player9', 'player10', 'player11']) {
      expect((await report(p2, name)).status).toBe(201);
    }
    const sixth = await report(p2, 'player12');
    expect(expectAnswer(sixth, messageAnswer, 429).message).toBe(MODERATION_TEXTS.tooMany);
    expect((await p1.post(`/api/v1/match-detail/status/${String(matchId)}/cancel`)).status).toBe(200);
  });
});

describe('the moderation queue', () => {
  it('is for admins only: 401 signed out, 403 for players, on every route', async () => {
    const stranger = t.client('10.9.9.8');
    const routes = [
      ['GET', '/api/v1/admin/reports'],
      ['GET', '/api/v1/admin/bans'],
      ['GET', '/api/v1/admin/moderation-log'],
      ['POST', '/api/v1/admin/reports/1/dismiss'],
      ['POST', '/api/v1/admin/reports/1/warn'],
      ['POST', '/api/v1/admin/reports/1/ban'],
      ['POST', '/api/v1/admin/bans/1/lift'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await stranger.request(method, url, {})).status, `${method} ${url}`).toBe(401);
      expect((await p1.request(method, url, {})).status, `${method} ${url}`).toBe(403);
    }
  });

  it('lists open reports newest first, by page and status', async () => {
    const open = expectAnswer(await admin.get('/api/v1/admin/reports'), reportListAnswer);
    expect(open.data.map((r) => r.reported.username)).toEqual([
      'player11',
      'player10',
      'player9',
      'player8',
      'player7',
    ]);
    expect(open.meta).toMatchObject({ current_page: 1, total: 5, last_page: 1 });
    const dismissed = expectAnswer(
      await admin.get('/api/v1/admin/reports?status=dismissed'),
      reportListAnswer,
    );
    expect(dismissed.data).toEqual([]);
    const bad = expectAnswer(
      await admin.get('/api/v1/admin/reports?status=nope'),
      validationErrorAnswer,
      422,
    );
    expect(bad.errors.status).toBeDefined();
  });

  it('dismisses, warns (a notification) and acts once on a report, each in the audit log', async () => {
    const list = expectAnswer(await admin.get('/api/v1/admin/reports'), reportListAnswer).data;
    const of = (name: string) => list.find((r) => r.reported.username === name)?.id ?? 0;

    const dismissed = expectAnswer(
      await admin.post(`/api/v1/admin/reports/${String(of('player11'))}/dismiss`, { note: 'No evidence.' }),
      reportActionAnswer,
    );
    expect(dismissed).toMatchObject({ message: MODERATION_TEXTS.dismissed, data: { status: 'dismissed' } });
    expect(dismissed.data.handledBy?.username).toBe('admin');
    const again = await admin.post(`/api/v1/admin/reports/${String(of('player11'))}/warn`, {
      message: 'Stop.',
    });
    expect(expectAnswer(again, messageAnswer, 409).message).toBe(MODERATION_TEXTS.handled);
    expect((await admin.post('/api/v1/admin/reports/999999/dismiss', {})).status).toBe(404);

    const noText = await admin.post(`/api/v1/admin/reports/${String(of('player10'))}/warn`, { message: ' ' });
    expect(expectAnswer(noText, validationErrorAnswer, 422).errors.message).toEqual([
      'The message field is required.',
    ]);
    const warned = expectAnswer(
      await admin.post(`/api/v1/admin/reports/${String(of('player10'))}/warn`, {
        message: 'Team killing <again> is not tolerated.',
      }),
      reportActionAnswer,
    );
    expect(warned.data.status).toBe('warned');
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, await idOf('player10')), eq(notifications.type, 'moderation-warning')),
      );
    expect(note?.message).toBe('A moderator warned you: Team killing &lt;again&gt; is not tolerated.');

    const log = expectAnswer(await admin.get('/api/v1/admin/moderation-log'), moderationLogAnswer);
    expect(log.data.map((a) => [a.action, a.actor?.username, a.target?.username, a.note])).toEqual([
      ['user.warned', 'admin', 'player10', 'Team killing <again> is not tolerated.'],
      ['report.dismissed', 'admin', 'player11', 'No evidence.'],
    ]);
  });
});

describe('bans', () => {
  let banId = 0;
  const ladderSlug = async () => {
    const [l] = await t.app.db.select({ slug: ladders.slug }).from(ladders).orderBy(asc(ladders.id)).limit(1);
    return l?.slug ?? '';
  };
  const tournamentSlug = async () => {
    const [x] = await t.app.db
      .select({ slug: tournaments.slug })
      .from(tournaments)
      .orderBy(asc(tournaments.id))
      .limit(1);
    return x?.slug ?? '';
  };
  const queueId = async () => {
    const [q] = await t.app.db.select({ id: soloQueues.id }).from(soloQueues).limit(1);
    return q?.id ?? 0;
  };

  it('refuses a ban without a reason or a length', async () => {
    const list = expectAnswer(await admin.get('/api/v1/admin/reports'), reportListAnswer).data;
    const id = list.find((r) => r.reported.username === 'player7')?.id ?? 0;
    const url = `/api/v1/admin/reports/${String(id)}/ban`;
    expect(
      expectAnswer(await admin.post(url, { days: 7 }), validationErrorAnswer, 422).errors.reason,
    ).toEqual(['The reason field is required.']);
    expect(
      expectAnswer(await admin.post(url, { reason: 'Cheating.' }), validationErrorAnswer, 422).errors,
    ).toEqual({
      days: ['The days field is required unless the ban is permanent.'],
    });
    expect(
      expectAnswer(await admin.post(url, { reason: 'Cheating.', days: 0 }), validationErrorAnswer, 422).errors
        .days,
    ).toEqual(['The days field must be a whole number from 1 to 3650.']);
    expect(
      expectAnswer(
        await admin.post(url, { reason: 'x', days: 3, permanent: true }),
        validationErrorAnswer,
        422,
      ).errors.days,
    ).toEqual(['Give either days or permanent, not both.']);
  });

  it('bans for 7 days with the evidence kept; the profile and every door say until when', async () => {
    const list = expectAnswer(await admin.get('/api/v1/admin/reports'), reportListAnswer).data;
    const reported = list.find((r) => r.reported.username === 'player7');
    if (!reported) throw new Error('no report');
    const banned = expectAnswer(
      await admin.post(`/api/v1/admin/reports/${String(reported.id)}/ban`, { reason: 'Griefing.', days: 7 }),
      reportActionAnswer,
    );
    const endsAt = new Date(T0 + 7 * DAY).toISOString();
    expect(banned.data).toMatchObject({ status: 'banned', reportedBan: { endsAt } });
    const bans = expectAnswer(await admin.get('/api/v1/admin/bans'), banListAnswer).data;
    const ban = bans.find((b) => b.user.username === 'player7');
    expect(ban).toMatchObject({
      reason: 'Griefing.',
      endsAt,
      inForce: true,
      reportId: reported.id,
      evidence: { category: 'griefing', mapName: 'mp_crash', round: 7, matchId: reported.evidence.matchId },
    });
    banId = ban?.id ?? 0;

    const profile = expectAnswer(await t.client().get('/api/v1/users/player7'), userProfileAnswer).data;
    expect(profile.ban).toEqual({ endsAt });
    expect(
      expectAnswer(await t.client().get('/api/v1/users/player8'), userProfileAnswer).data.ban,
    ).toBeNull();

    const p7 = await t.signIn('player7');
    const until = 'Banned until 2030-01-08 18:00 UTC.';
    const queue = await p7.post(`/api/v1/solo-queues/${String(await queueId())}/join`);
    expect(expectAnswer(queue, messageAnswer, 403).message).toBe(until);
    const ladder = await p7.post(`/api/v1/ladders/${await ladderSlug()}/join`, {});
    expect(expectAnswer(ladder, messageAnswer, 403).message).toBe(until);
    const signup = await p7.post(`/api/v1/tournaments/${await tournamentSlug()}/signup`, {});
    expect(expectAnswer(signup, messageAnswer, 403).message).toBe(until);

    // Lineups: the Wolves' captain cannot put player7 in a lineup.
    const p6 = await t.signIn('player6');
    const matchId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    // The Wolves' roster holds a banned player: it is no lineup by default, the captain must choose.
    const lineups = expectAnswer(
      await p6.get(`/api/v1/match-detail/lineup/${String(matchId)}`),
      lineupAnswer,
    );
    expect(lineups.data.opponent).toMatchObject({ players: [], complete: false });
    expect(lineups.data.challenger.complete).toBe(true);
    const lineup = await Promise.all(['player6', 'player7', 'player8', 'player9', 'player10'].map(idOf));
    const accept = await p6.post(`/api/v1/match-detail/status/${String(matchId)}/accept`, { lineup });
    expect(expectAnswer(accept, messageAnswer, 403).message).toBe(`player7 is banned: ${until}`);
    const set = await p6.post(`/api/v1/match-detail/lineup/${String(matchId)}`, { lineup });
    expect(expectAnswer(set, messageAnswer, 403).message).toBe(`player7 is banned: ${until}`);
    expect((await p1.post(`/api/v1/match-detail/status/${String(matchId)}/cancel`)).status).toBe(200);

    const log = expectAnswer(await admin.get('/api/v1/admin/moderation-log'), moderationLogAnswer).data;
    expect(log[0]).toMatchObject({
      action: 'user.banned',
      target: { username: 'player7' },
      banId,
      note: 'Until 2030-01-08 18:00 UTC: Griefing.',
    });
  });

  it('lets the banned player in again once the ban is lifted (audited) or over', async () => {
    const p7 = await t.signIn('player7');
    const noReason = await admin.post(`/api/v1/admin/bans/${String(banId)}/lift`, {});
    expect(expectAnswer(noReason, validationErrorAnswer, 422).errors.reason).toEqual([
      'The reason field is required.',
    ]);
    const lifted = expectAnswer(
      await admin.post(`/api/v1/admin/bans/${String(banId)}/lift`, { reason: 'Appeal accepted.' }),
      banActionAnswer,
    );
    expect(lifted).toMatchObject({
      message: MODERATION_TEXTS.lifted,
      data: { inForce: false, liftReason: 'Appeal accepted.' },
    });
    const twice = await admin.post(`/api/v1/admin/bans/${String(banId)}/lift`, { reason: 'Again.' });
    expect(expectAnswer(twice, messageAnswer, 409).message).toBe(MODERATION_TEXTS.notBanned);
    expect(
      expectAnswer(await t.client().get('/api/v1/users/player7'), userProfileAnswer).data.ban,
    ).toBeNull();
    const join = await p7.post(`/api/v1/solo-queues/${String(await queueId())}/join`);
    expect(join.status).toBe(200);
    await p7.post(`/api/v1/solo-queues/${String(await queueId())}/leave`);
    const log = expectAnswer(await admin.get('/api/v1/admin/moderation-log'), moderationLogAnswer).data;
    expect(log[0]).toMatchObject({
      action: 'ban.lifted',
      target: { username: 'player7' },
      note: 'Appeal accepted.',
    });

    // A permanent ban says so; a timed one ends by itself.
    const p3 = await t.signIn('player3');
    const forGood = expectAnswer(
      await report(p3, 'player8', { category: 'abuse' }),
      createReportAnswer,
      201,
    ).data;
    await admin.post(`/api/v1/admin/reports/${String(forGood.id)}/ban`, {
      reason: 'Abuse.',
      permanent: true,
    });
    const p8 = await t.signIn('player8');
    const refused = await p8.post(`/api/v1/solo-queues/${String(await queueId())}/join`);
    expect(expectAnswer(refused, messageAnswer, 403).message).toBe('Banned permanently.');
    expect(expectAnswer(await t.client().get('/api/v1/users/player8'), userProfileAnswer).data.ban).toEqual({
      endsAt: null,
    });

    const timed = expectAnswer(await report(p3, 'player9'), createReportAnswer, 201).data;
    await admin.post(`/api/v1/admin/reports/${String(timed.id)}/ban`, { reason: 'Cheating.', days: 1 });
    const p9 = await t.signIn('player9');
    expect((await p9.post(`/api/v1/solo-queues/${String(await queueId())}/join`)).status).toBe(403);
    t.clock.advance(DAY + 1000);
    expect((await p9.post(`/api/v1/solo-queues/${String(await queueId())}/join`)).status).toBe(200);
    await p9.post(`/api/v1/solo-queues/${String(await queueId())}/leave`);
  });
});

describe('appeals', () => {
  it('lets a banned player appeal once; admins see it beside the ban, are told, and the log keeps it', async () => {
    expect((await t.client('10.9.9.7').get('/api/v1/users/me/ban')).status).toBe(401);
    expect((await t.client('10.9.9.7').post('/api/v1/users/me/ban/appeal', { text: 'x' })).status).toBe(401);
    expect(expectAnswer(await p1.get('/api/v1/users/me/ban'), myBanAnswer).data).toBeNull();
    const notBanned = await p1.post('/api/v1/users/me/ban/appeal', { text: 'Please.' });
    expect(expectAnswer(notBanned, messageAnswer, 409).message).toBe(MODERATION_TEXTS.noBanToAppeal);

    // player8 was banned for good above.
    const p8 = await t.signIn('player8');
    const before = expectAnswer(await p8.get('/api/v1/users/me/ban'), myBanAnswer).data;
    expect(before).toMatchObject({ reason: 'Abuse.', endsAt: null, appeal: null });
    const empty = await p8.post('/api/v1/users/me/ban/appeal', { text: '  ' });
    expect(expectAnswer(empty, validationErrorAnswer, 422).errors.text).toEqual([
      'The text field is required.',
    ]);
    const made = expectAnswer(
      await p8.post('/api/v1/users/me/ban/appeal', { text: 'It was my brother, I am sorry.' }),
      appealAnswer,
      201,
    );
    expect(made.message).toBe(MODERATION_TEXTS.appealed);
    const twice = await p8.post('/api/v1/users/me/ban/appeal', { text: 'Again.' });
    expect(expectAnswer(twice, messageAnswer, 409).message).toBe(MODERATION_TEXTS.alreadyAppealed);
    const after = expectAnswer(await p8.get('/api/v1/users/me/ban'), myBanAnswer).data;
    expect(after?.appeal).toMatchObject({ id: made.data.id, text: 'It was my brother, I am sorry.' });

    const bans = expectAnswer(await admin.get('/api/v1/admin/bans'), banListAnswer).data;
    expect(bans.find((b) => b.user.username === 'player8')?.appeal).toMatchObject({
      id: made.data.id,
      text: 'It was my brother, I am sorry.',
    });
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await idOf('admin')), eq(notifications.type, 'ban-appeal')));
    expect(told.map((n) => n.message)).toEqual(['<b>player8</b> appealed their ban.']);
    const log = expectAnswer(await admin.get('/api/v1/admin/moderation-log'), moderationLogAnswer).data;
    expect(log[0]).toMatchObject({
      action: 'appeal.opened',
      actor: { username: 'player8' },
      note: 'It was my brother, I am sorry.',
    });
  });
});
