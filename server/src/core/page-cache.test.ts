// The public pages answered from memory (team page, ladder standings, tournament page, profile): each is
// byte for byte what its schema encodes, has an ETag (304 for If-None-Match), and is never stale after a
// change made through the app: a roster change, a match result, a bracket advance. The cache lives for ten
// minutes here, so only the invalidation can make these tests pass; the same on two instances over Redis.
import { playerStatsAnswer } from '@versus/common/api/player-stats';
import { ladderPageAnswer } from '@versus/common/api/ladders';
import { teamPageAnswer, inviteAnswer } from '@versus/common/api/teams';
import { tournamentPageAnswer } from '@versus/common/api/tournaments';
import { userProfileAnswer } from '@versus/common/api/users';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../db/schema/index.ts';
import { serializeAnswer } from '../lib/http.ts';
import { eq, asc } from 'drizzle-orm';
import { getLadderPage } from '../modules/ladders/testing.ts';
import { approve, postScore, stage } from '../modules/matches/testing.ts';
import { runMatchCommand } from '../modules/matches/index.ts';
import { getTeamPage } from '../modules/teams/testing.ts';
import { getTournamentPage } from '../modules/tournaments/testing.ts';
import { findUserByUsername } from '../modules/users/index.ts';
import { getUserProfile } from '../modules/users/testing.ts';
import {
  buildTestApp,
  expectAnswer,
  makeTeams,
  makeTournament,
  redisDeployment,
  type RedisDeployment,
  type TestApp,
  type TestClient,
} from '../test/index.ts';
import { PageCache } from './page-cache.ts';

const LONG = { PAGE_CACHE_TTL_MS: '600000' };
const HOUR = 3_600_000;
const TEAM = '/api/v1/teams/red-dragons';
const LADDER = '/api/v1/ladders/cod4-5v5-ladder';
const PROFILE = '/api/v1/users/player2';

function etagOf(res: { headers: Record<string, unknown> }): string {
  const etag = res.headers.etag;
  if (typeof etag !== 'string') throw new Error('expected an ETag');
  return etag;
}

async function viewerRow(t: TestApp, username: string | null) {
  if (username === null) return null;
  const row = await findUserByUsername(t.app.db, username);
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

describe('public pages, encoded once per change', () => {
  let t: TestApp;
  let p1: TestClient; // red-dragons captain
  let p2: TestClient; // red-dragons member
  let p6: TestClient; // northern-wolves captain
  let p7: TestClient;

  beforeAll(async () => {
    t = await buildTestApp({ env: LONG });
    [p1, p2, p6, p7] = [
      await t.signIn('player1'),
      await t.signIn('player2'),
      await t.signIn('player6'),
      await t.signIn('player7'),
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each viewer's answer is byte for byte what the schema makes of the page built without the cache. */
  const checkBytes = async () => {
    for (const [client, username] of [
      [t.client(), null],
      [p1, 'player1'],
      [p2, 'player2'],
      [p7, 'player7'],
    ] as const) {
      const viewer = await viewerRow(t, username);
      const team = await client.get(TEAM);
      expect(team.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.stringify(expectAnswer(team, teamPageAnswer))).toBe(
        serializeAnswer(teamPageAnswer, { data: await getTeamPage(t.app.db, 'red-dragons', viewer) }),
      );
      const ladder = await client.get(LADDER);
      expect(JSON.stringify(expectAnswer(ladder, ladderPageAnswer))).toBe(
        serializeAnswer(ladderPageAnswer, await getLadderPage(t.app.db, 'cod4-5v5-ladder', viewer)),
      );
      const profile = await client.get(PROFILE);
      expect(JSON.stringify(expectAnswer(profile, userProfileAnswer))).toBe(
        serializeAnswer(userProfileAnswer, {
          data: await getUserProfile(t.app.db, 'player2', t.app.ctx.now()),
        }),
      );
    }
  };

  it('answers with an ETag and 304 for If-None-Match, byte for byte what the schema encodes', async () => {
    await checkBytes();
    await checkBytes(); // the second round comes from memory
    for (const path of [TEAM, LADDER, PROFILE, `${PROFILE}/stats`]) {
      const first = await p1.get(path);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const same = await p1.get(path, { 'if-none-match': etagOf(first) });
      expect(same.status).toBe(304);
      expect(same.body).toBeNull();
    }
    expect((await p1.get('/api/v1/teams/no-such-team')).status).toBe(404);
    expect((await p1.get('/api/v1/users/no-such-player')).status).toBe(404);
    expect((await p1.get('/api/v1/ladders/no-such-ladder')).status).toBe(404);
  });

  it('shows a roster change on the next read: an invitation, then the player joining', async () => {
    const before = expectAnswer(await p1.get(TEAM), teamPageAnswer).data;
    const seen7 = expectAnswer(await p7.get(TEAM), teamPageAnswer).data;
    expect(seen7.viewer.invitation).toBeNull();
    const profile7 = expectAnswer(await p7.get('/api/v1/users/player7'), userProfileAnswer).data;

    const invited = expectAnswer(
      await p1.post(`${TEAM}/invitations`, { username: 'player7' }),
      inviteAnswer,
      201,
    ).data;
    const captainView = expectAnswer(await p1.get(TEAM), teamPageAnswer).data;
    expect(captainView.pendingInvitations.map((i) => i.userId)).toEqual([invited.userId]);
    const invitedView = expectAnswer(await p7.get(TEAM), teamPageAnswer).data;
    expect(invitedView.viewer.invitation?.id).toBe(invited.id);
    // Another signed-in player sees the page as a guest does.
    expect(expectAnswer(await p6.get(TEAM), teamPageAnswer).data.viewer.invitation).toBeNull();

    expect((await p7.post(`/api/v1/team-invitations/${String(invited.id)}/accept`)).status).toBe(200);
    const after = expectAnswer(await p1.get(TEAM), teamPageAnswer).data;
    expect(after.roster.map((r) => r.username)).toEqual(
      expect.arrayContaining([...before.roster.map((r) => r.username), 'player7']),
    );
    expect(after.roster).toHaveLength(before.roster.length + 1);
    expect(after.pendingInvitations).toEqual([]);
    const member7 = expectAnswer(await p7.get(TEAM), teamPageAnswer).data;
    expect(member7.viewer).toMatchObject({ isMember: true, invitation: null });
    const profileAfter = expectAnswer(await p7.get('/api/v1/users/player7'), userProfileAnswer).data;
    expect(profileAfter.teams.map((x) => x.slug)).toEqual(
      expect.arrayContaining([...profile7.teams.map((x) => x.slug), 'red-dragons']),
    );

    // And leaving.
    expect((await p7.post(`${TEAM}/leave`)).status).toBe(200);
    expect(expectAnswer(await p1.get(TEAM), teamPageAnswer).data.roster).toHaveLength(before.roster.length);
    await checkBytes();
  });

  it('shows a match result on the next read: team page, standings and profile', async () => {
    const id = await stage(t.app, 'in-progress');
    const team = expectAnswer(await p1.get(TEAM), teamPageAnswer).data;
    const ladder = expectAnswer(await p6.get(LADDER), ladderPageAnswer).data;
    const profile = expectAnswer(await t.client().get(PROFILE), userProfileAnswer).data;
    const stats = expectAnswer(await t.client().get(`${PROFILE}/stats`), playerStatsAnswer).data;
    expect(team.recentMatches.some((m) => m.id === id)).toBe(false);

    expect((await postScore(p1, id, 13, 7)).status).toBe(200);
    expect((await approve(p6, id, 1)).status).toBe(200);

    const teamAfter = expectAnswer(await p1.get(TEAM), teamPageAnswer).data;
    expect(teamAfter.recentMatches[0]?.id).toBe(id);
    expect(teamAfter.rating).toBeGreaterThan(team.rating);
    const ladderAfter = expectAnswer(await p6.get(LADDER), ladderPageAnswer).data;
    const red = (page: typeof ladder) => page.standings.find((s) => s.team.slug === 'red-dragons');
    expect(red(ladderAfter)?.wins).toBe((red(ladder)?.wins ?? 0) + 1);
    expect(red(ladderAfter)?.rating).toBeGreaterThan(red(ladder)?.rating ?? 0);
    const profileAfter = expectAnswer(await t.client().get(PROFILE), userProfileAnswer).data;
    expect(profileAfter.recentMatches[0]?.id).toBe(id);
    expect(profileAfter.recentMatches).not.toEqual(profile.recentMatches);
    const statsAfter = expectAnswer(await t.client().get(`${PROFILE}/stats`), playerStatsAnswer).data;
    expect(statsAfter.career.matches).toBe(stats.career.matches + 1);
    await checkBytes();
  });

  it('shows a bracket advance on the next read of the tournament page', async () => {
    const start = t.clock.now() + 2 * HOUR;
    const made = await makeTeams(t.app, 4);
    const tournament = await makeTournament(
      t.app,
      start,
      made.map((m) => m.id),
    );
    const path = `/api/v1/tournaments/${tournament.slug}`;
    const page = async (client: TestClient) => {
      const res = await client.get(path);
      const body = expectAnswer(res, tournamentPageAnswer);
      return { body, raw: JSON.stringify(body) };
    };
    const signedUp = await page(p1);

    // An admin's edit (here its description) shows on the next read: admin writes drop the cached pages.
    const admin = await t.signIn('admin');
    const edited = await admin.patch(`/api/v1/admin/tournaments/${String(tournament.id)}`, {
      description: 'Finals on stream.',
    });
    expect(edited.status).toBe(200);
    expect((await page(p1)).raw).toContain('Finals on stream.');

    await t.app.matchSweeper.sweepOnce(start);
    const started = await page(p1);
    const rounds = started.body.data.bracket.stages[0]?.groups[0]?.rounds ?? [];
    expect(rounds.map((r) => r.matches.length)).toEqual([2, 1]);
    expect(started.raw).not.toBe(signedUp.raw);
    expect(started.raw).toBe(
      serializeAnswer(
        tournamentPageAnswer,
        await getTournamentPage(t.app.db, tournament.slug, null, t.clock.now()),
      ),
    );

    const semis = await t.app.db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.tournamentId, tournament.id))
      .orderBy(asc(matches.tournamentRound), asc(matches.bracketPosition));
    const ready = async (matchId: number, captainId: number) =>
      runMatchCommand(t.app.ctx, matchId, {
        type: 'ready.set',
        actor: { userId: captainId, isAdmin: false },
        ready: true,
      });
    await ready(semis[0]?.id ?? 0, made[3]?.captainId ?? 0);
    await ready(semis[1]?.id ?? 0, made[1]?.captainId ?? 0);
    await t.app.matchSweeper.sweepOnce(start + 11 * 60_000);
    const advanced = (await page(p1)).body.data.bracket.stages[0]?.groups[0]?.rounds ?? [];
    expect(advanced[0]?.matches.map((m) => m.statusId)).toEqual([STATUS.finished, STATUS.finished]);
    const final = advanced[1]?.matches[0];
    expect([final?.challengerTeam?.id, final?.opponentTeam?.id]).toEqual([made[3]?.id, made[1]?.id]);
  });
});

describe('public pages on two instances over Redis', () => {
  let deployment: RedisDeployment | undefined;

  beforeAll(async () => {
    deployment = await redisDeployment({ env: LONG });
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('a roster change and a result on one instance show at once on the pages the other had cached', async () => {
    const [a, b] = deployment?.instances as [TestApp, TestApp];
    const onA = await a.signIn('player1');
    const p6 = await a.signIn('player6');
    const onB = await b.signIn('player8');
    const team = expectAnswer(await onB.get(TEAM), teamPageAnswer).data;
    const ladder = expectAnswer(await onB.get(LADDER), ladderPageAnswer).data;
    const invited = expectAnswer(
      await onA.post(`${TEAM}/invitations`, { username: 'player8' }),
      inviteAnswer,
      201,
    ).data;
    const seen = expectAnswer(await onB.get(TEAM), teamPageAnswer).data;
    expect(seen.viewer.invitation?.id).toBe(invited.id);
    expect(team.viewer.invitation).toBeNull();

    const id = await stage(a.app, 'in-progress');
    expect((await postScore(onA, id, 13, 7)).status).toBe(200);
    expect((await approve(p6, id, 1)).status).toBe(200);
    const after = expectAnswer(await onB.get(LADDER), ladderPageAnswer).data;
    const red = (page: typeof ladder) => page.standings.find((s) => s.team.slug === 'red-dragons');
    expect(red(after)?.wins).toBe((red(ladder)?.wins ?? 0) + 1);
    expect(expectAnswer(await onB.get(TEAM), teamPageAnswer).data.recentMatches[0]?.id).toBe(id);
  });
});

describe('PageCache', () => {
  const loaded = (value: string) => ({ value, bytes: value.length });

  it('never stores a read that was running when it was cleared, and no later request joins it', async () => {
    const cache = new PageCache(600_000);
    let release: () => void = () => undefined;
    const slow = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return loaded('old');
    });
    cache.clear(); // a commit lands while the read is running
    const fresh = cache.get('k', async () => loaded('new'));
    release();
    expect(await slow).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.get('k', async () => loaded('newer'))).toBe('new');
  });

  it('stores nothing built from entries read before a clear (the ticket)', async () => {
    const cache = new PageCache(600_000);
    const since = cache.ticket();
    cache.clear();
    expect(await cache.get('k', async () => loaded('old'), since)).toBe('old');
    expect(await cache.get('k', async () => loaded('new'))).toBe('new');
  });

  it('holds at most its bytes, dropping the entry used longest ago; 0 reads every time', async () => {
    const cache = new PageCache(600_000, 10);
    await cache.get('a', async () => loaded('aaaa'));
    await cache.get('b', async () => loaded('bbbb'));
    await cache.get('a', async () => loaded('never'));
    await cache.get('c', async () => loaded('cccc'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => loaded('again'))).toBe('aaaa');
    expect(await cache.get('b', async () => loaded('bbbb2'))).toBe('bbbb2');
    const off = new PageCache(0);
    await off.get('k', async () => loaded('one'));
    expect(await off.get('k', async () => loaded('two'))).toBe('two');
  });

  it('past its time answers once more while reading again; unasked for twice that, reads first', async () => {
    let now = 0;
    const cache = new PageCache(1_000, 1_000, () => now);
    await cache.get('k', async () => loaded('one'));
    now = 1_500;
    let release: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (release = resolve));
    expect(
      await cache.get('k', async () => {
        await reading;
        return loaded('two');
      }),
    ).toBe('one');
    expect(await cache.get('k', async () => loaded('not read: one read at a time'))).toBe('one');
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => loaded('three'))).toBe('two');
    now = 1_500 + 3_000;
    expect(await cache.get('k', async () => loaded('four'))).toBe('four');
    cache.clear();
    expect(await cache.get('k', async () => loaded('five'))).toBe('five');
  });

  it('reads at most two entries past their time in the background at once', async () => {
    let now = 0;
    const cache = new PageCache(1_000, 1_000, () => now);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => loaded(key));
    now = 1_500;
    const started: string[] = [];
    let release: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (release = resolve));
    for (const key of ['a', 'b', 'c'])
      expect(
        await cache.get(key, async () => {
          started.push(key);
          await reading;
          return loaded(`${key}2`);
        }),
      ).toBe(key);
    expect(started).toEqual(['a', 'b']);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', async () => loaded('never'))).toBe('a2');
  });

  it('reads again once a value stops holding (a ban ending)', async () => {
    let now = 1_000;
    const cache = new PageCache(
      600_000,
      1_000,
      () => performance.now(),
      () => now,
    );
    await cache.get('k', async () => ({ ...loaded('banned'), validUntil: 1_000 }));
    expect(await cache.get('k', async () => ({ ...loaded('still'), validUntil: 5_000 }))).toBe('still');
    expect(await cache.get('k', async () => loaded('not read'))).toBe('still');
    now = 5_000;
    expect(await cache.get('k', async () => loaded('lifted'))).toBe('lifted');
  });
});
