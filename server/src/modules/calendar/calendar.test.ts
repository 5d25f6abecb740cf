// The private calendar feed through HTTP, parsed with a maintained iCal library (ical.js): a user's secret
// URL lists the matches they play with an agreed time (and nothing else), a reset gives a new URL and the old
// one answers 404, and a feed nobody owns is a 404 too.
import { calendarLinkAnswer, calendarResetAnswer } from '@versus/common/api/schedule';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../../test/index.ts';

const HOUR = 3_600_000;

describe('calendar feed', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;
  let p2: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await t.signIn('player1');
    p6 = await t.signIn('player6');
    p2 = await t.signIn('player2');
  });
  afterAll(async () => {
    await t.close();
  });

  const linkOf = async (client: TestClient) =>
    expectAnswer(await client.get('/api/v1/users/me/calendar'), calendarLinkAnswer).data.url;
  const pathOf = (url: string) => new URL(url).pathname;

  function events(body: string) {
    // ical.js types its parse result as `any`: one calendar (jCal) for one VCALENDAR.
    const jcal = ICAL.parse(body) as unknown[];
    const calendar = new ICAL.Component(jcal);
    return calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  }

  it("lists the viewer's matches with an agreed time; a reset makes the old URL 404", async () => {
    const agreedId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    const start = t.clock.now() + 48 * HOUR;
    const url = `/api/v1/match-detail/schedule/${String(agreedId)}`;
    expect((await p1.post(`${url}/propose`, { times: [new Date(start).toISOString()] })).status).toBe(200);
    expect((await p6.post(`${url}/accept`, { time: new Date(start).toISOString() })).status).toBe(200);
    // A challenge with only a proposal is not in anyone's calendar.
    const openId = await ladderMatch(t.app, { challenger: p6, opponentSlug: 'silent-vipers' });
    const openUrl = `/api/v1/match-detail/schedule/${String(openId)}`;
    expect(
      (await p6.post(`${openUrl}/propose`, { times: [new Date(start + HOUR).toISOString()] })).status,
    ).toBe(200);

    expect((await t.client().get('/api/v1/users/me/calendar')).status).toBe(401);
    const link = await linkOf(p2);
    expect(link).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(await linkOf(p2)).toBe(link); // the same secret until reset

    const feed = await t.client().get(pathOf(link));
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const [event, ...more] = events(String(feed.body));
    expect(more).toHaveLength(0);
    expect(event?.summary).toBe('Red Dragons vs Northern Wolves');
    expect(event?.uid).toBe(`match-${String(agreedId)}@${new URL(t.config.appUrl).hostname}`);
    expect(event?.startDate.toJSDate().getTime()).toBe(start);
    expect(event?.endDate.toJSDate().getTime()).toBe(start + 45 * 60_000);
    expect(event?.component.getFirstPropertyValue('url')).toBe(
      new URL(`/match/${String(agreedId)}`, t.config.appUrl).toString(),
    );

    // Someone else's feed is their own: player 16 plays in neither match.
    const other = events(
      String((await t.client().get(pathOf(await linkOf(await t.signIn('player16'))))).body),
    );
    expect(other).toHaveLength(0);

    const reset = expectAnswer(await p2.post('/api/v1/users/me/calendar/reset'), calendarResetAnswer);
    expect(reset.message).toBe('Your calendar link was reset: the old link no longer works.');
    expect(reset.data.url).not.toBe(link);
    expect(await linkOf(p2)).toBe(reset.data.url);
    expect((await t.client().get(pathOf(link))).status).toBe(404);
    expect(events(String((await t.client().get(pathOf(reset.data.url))).body))).toHaveLength(1);

    expect((await t.client().get('/api/v1/calendar/not-a-secret.ics')).status).toBe(404);
    expect((await t.client().get('/api/v1/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await t.client().get('/api/v1/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
