import { expectAnswer, buildTestApp, type TestApp, signIn } from '../../test/index.ts';
import { anticheatTokenAnswer } from '@versus/common/api/anticheat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { matchPlayers, userGameAccounts } from '../../db/schema/index.ts';
import { createMatchFixture, type MatchFixture } from '../statistics/testing.ts';
import { anticheatStatuses, HEARTBEAT_WINDOW_MS } from './anticheat-status.ts';

let t: TestApp;
let fixture: MatchFixture;
beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
  fixture = await createMatchFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

async function tokenFor(username: string): Promise<string> {
  const client = await signIn(t.app, username);
  const res = await client.post('/api/v1/anticheat/token');
  return expectAnswer(res, anticheatTokenAnswer).data.token;
}

// The anticheat client is a program: no cookies, no XSRF header.
function heartbeat(token: string | null, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/anticheat/client/heartbeat',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
}

const HOSTILE = '<script>alert("x")</script>\'&';

describe('anticheat token', () => {
  it('is shown once, renewable, and only its existence is readable', async () => {
    const client = await signIn(t.app, 'player3');
    expect((await client.get('/api/v1/anticheat/token')).body).toEqual({ data: { hasToken: false } });
    const first = expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
    expect(first).toMatch(/^ac_\d+_/);
    expect((await client.get('/api/v1/anticheat/token')).body).toEqual({ data: { hasToken: true } });
    const second = expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data
      .token;
    expect(second).not.toBe(first);
    const body = { matchId: fixture.matchId, inGameName: 'Three' };
    expect((await heartbeat(first, body)).statusCode).toBe(401);
    expect((await heartbeat(second, body)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/anticheat/token' })).statusCode).toBe(401);
  });
});

describe('heartbeat and getMembers', () => {
  it('accepts heartbeats from players of the match only', async () => {
    const stranger = await tokenFor('player11');
    expect((await heartbeat(null, { matchId: fixture.matchId, inGameName: 'x' })).statusCode).toBe(401);
    expect((await heartbeat('ac_1_nope', { matchId: fixture.matchId, inGameName: 'x' })).statusCode).toBe(
      401,
    );
    expect((await heartbeat(stranger, { matchId: fixture.matchId, inGameName: 'x' })).statusCode).toBe(403);
    expect((await heartbeat(stranger, { matchId: 999999, inGameName: 'x' })).statusCode).toBe(404);
    const bad = await heartbeat(stranger, { matchId: fixture.matchId });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { inGameName: ['The in game name field is required.'] } });
  });

  it('shows a running player with an escaped hostile in-game name, others as not running', async () => {
    const token = await tokenFor('player1');
    const res = await heartbeat(token, { matchId: fixture.matchId, inGameName: HOSTILE, guid: 'ABCDEF0123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { running: true, matchId: fixture.matchId, intervalSeconds: 30, guidAccepted: true },
    });

    const members = await t.app.inject({ method: 'GET', url: `/match/${fixture.matchId}/getMembers` });
    expect(members.statusCode).toBe(200);
    const users = members.json<{ users: Record<string, string> }>().users;
    expect(Object.keys(users)).toHaveLength(10);
    const p1 = users[String(fixture.userIds.get('player1'))] ?? '';
    expect(p1).toContain('ac-running');
    expect(p1).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;');
    expect(p1).not.toContain('<script');
    expect(users[String(fixture.userIds.get('player2'))]).toContain('ac-stopped');

    // The heartbeat taught the roster the in-game name and GUID, but never binds the GUID to the account.
    const [row] = await t.app.db
      .select()
      .from(matchPlayers)
      .where(eq(matchPlayers.userId, fixture.userIds.get('player1') ?? 0));
    expect(row?.guid).toBe('ABCDEF0123');
    const accounts = await t.app.db
      .select()
      .from(userGameAccounts)
      .where(eq(userGameAccounts.guid, 'ABCDEF0123'));
    expect(accounts).toEqual([]);
  });

  it('stops counting a player as running 60 s after the last heartbeat', async () => {
    const uid = fixture.userIds.get('player1') ?? 0;
    const now = Date.now();
    expect((await anticheatStatuses(t.app.db, fixture.matchId, now)).get(uid)?.running).toBe(true);
    const later = await anticheatStatuses(t.app.db, fixture.matchId, now + HEARTBEAT_WINDOW_MS + 1000);
    expect(later.get(uid)).toMatchObject({ running: false });
    expect(later.get(uid)?.html).toContain('Not running');
  });
});
