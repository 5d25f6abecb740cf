// Player ids you can trust (docs/game-servers.md): player ids are bound by their owner in settings or by an
// admin; a heartbeat cannot take an id someone else is known by, never binds it, never moves statistics;
// admins see the attempt.
import { expectAnswer, buildTestApp, type TestApp, signIn } from '../../test/index.ts';
import { identityConflictsAnswer } from '@versus/common/api/game-servers';
import { anticheatTokenAnswer, heartbeatAnswer } from '@versus/common/api/anticheat';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchPlayers, playerMapStats, userGameAccounts } from '../../db/schema/index.ts';
import { generateMatchLog } from '../statistics/index.ts';
import { createMatchFixture, type MatchFixture } from '../statistics/testing.ts';

let t: TestApp;
let fixture: MatchFixture;
beforeEach(async () => {
  t = await buildTestApp({ clock: 'real' });
  fixture = await createMatchFixture(t.app, { mapNames: ['mp_crash'] });
});
afterEach(async () => {
  await t.close();
});

const uid = (name: string) => fixture.userIds.get(name) ?? 0;

async function heartbeat(username: string, guid: string) {
  const client = await signIn(t.app, username);
  const token = expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/anticheat/client/heartbeat',
    headers: { authorization: `Bearer ${token}` },
    payload: { matchId: fixture.matchId, inGameName: username, guid },
  });
  return res.json<{ data: { guidAccepted: boolean } }>().data;
}

/** A heartbeat without a GUID: only an in-game name. */
async function nameHeartbeat(username: string, inGameName: string) {
  const client = await signIn(t.app, username);
  const token = expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/anticheat/client/heartbeat',
    headers: { authorization: `Bearer ${token}` },
    payload: { matchId: fixture.matchId, inGameName },
  });
  expect(res.statusCode).toBe(200);
  return heartbeatAnswer.parse(res.json()).data;
}

async function rosterInGameName(username: string) {
  const [row] = await t.app.db
    .select({ inGameName: matchPlayers.inGameName })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, fixture.matchId), eq(matchPlayers.userId, uid(username))));
  return row?.inGameName ?? null;
}

async function rosterGuid(username: string) {
  const [row] = await t.app.db
    .select({ guid: matchPlayers.guid })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, fixture.matchId), eq(matchPlayers.userId, uid(username))));
  return row?.guid ?? null;
}

/** Posts a log where `guid` plays under `name` (with `kills` for that player) through the match's server. */
async function postLog(players: { guid: string; name: string }[]) {
  const log = generateMatchLog({
    seed: 3,
    challenger: players.slice(0, 5),
    opponent: players.slice(5),
    maps: [{ nameCmd: 'mp_crash' }],
    roundsToWin: 5,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/game-server-log/${fixture.matchId}`,
    headers: { authorization: `Bearer ${fixture.serverToken}` },
    payload: { batchId: 'log', lines: log.lines },
  });
  expect(res.statusCode).toBe(200);
}

async function statsOfGuid(guid: string) {
  const [row] = await t.app.db
    .select()
    .from(playerMapStats)
    .where(and(eq(playerMapStats.matchId, fixture.matchId), eq(playerMapStats.guid, guid)));
  return row;
}

const tenPlayers = (overrides: Record<number, { guid: string; name: string }> = {}) =>
  Array.from(
    { length: 10 },
    (_, i) => overrides[i + 1] ?? { guid: `[U:1:${9000 + i}]`, name: `player${i + 1}` },
  );

describe('player ids in settings', () => {
  it('links, lists and unlinks; an id bound to another account is refused', async () => {
    const me = await signIn(t.app, 'player11');
    expect((await me.get('/api/v1/users/me/player-ids')).body).toMatchObject({
      data: [{ game: { slug: 'cod4' }, playerId: '[U:1:1000011]', source: 'settings' }],
    });
    const linked = await me.request('PUT', '/api/v1/users/me/player-ids/cod4', {
      playerId: ' [U:1:4242] ',
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      message: 'Your player id was saved.',
      data: [{ playerId: '[U:1:4242]' }],
    });

    const other = await signIn(t.app, 'player12');
    const stolen = await other.request('PUT', '/api/v1/users/me/player-ids/cod4', {
      playerId: '[U:1:4242]',
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject({
      errors: { playerId: ['This player id is linked to another account.'] },
    });
    const garbage = await other.request('PUT', '/api/v1/users/me/player-ids/cod4', {
      playerId: 'x"; quit',
    });
    expect(garbage.status).toBe(422);
    expect(
      (await other.request('PUT', '/api/v1/users/me/player-ids/nope', { playerId: '[U:1:5]' })).status,
    ).toBe(404);

    const removed = await me.request('DELETE', '/api/v1/users/me/player-ids/cod4');
    expect(removed.body).toEqual({ message: 'Your player id was removed.', data: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me/player-ids' })).statusCode).toBe(401);
  });

  it('an admin binds an id to an account, moving it from another; players cannot', async () => {
    const admin = await signIn(t.app, 'admin');
    const moved = await admin.request('PUT', `/api/v1/admin/users/${uid('player2')}/player-ids/cod4`, {
      playerId: '[U:1:1000007]',
    });
    expect(moved.status).toBe(200);
    const owners = await t.app.db
      .select()
      .from(userGameAccounts)
      .where(eq(userGameAccounts.guid, '[U:1:1000007]'));
    expect(owners.map((o) => [o.userId, o.source])).toEqual([[uid('player2'), 'admin']]);
    const player = await signIn(t.app, 'player3');
    expect(
      (
        await player.request('PUT', `/api/v1/admin/users/${uid('player3')}/player-ids/cod4`, {
          playerId: '[U:1:1]',
        })
      ).status,
    ).toBe(403);
  });
});

describe('heartbeat claims', () => {
  it('player2 cannot claim player7’s bound id: refused, shown to admins, statistics stay with player7', async () => {
    const verdict = await heartbeat('player2', '[U:1:1000007]');
    expect(verdict.guidAccepted).toBe(false);
    expect(await rosterGuid('player2')).toBeNull();

    const admin = await signIn(t.app, 'admin');
    const conflicts = await admin.get('/api/v1/admin/identity-conflicts');
    expect(conflicts.body).toMatchObject({
      data: [
        {
          matchId: fixture.matchId,
          playerId: '[U:1:1000007]',
          claimant: { username: 'player2' },
          owner: { username: 'player7' },
        },
      ],
    });
    await heartbeat('player2', '[U:1:1000007]'); // the client keeps beating: still one entry
    expect(
      expectAnswer(await admin.get('/api/v1/admin/identity-conflicts'), identityConflictsAnswer).data,
    ).toHaveLength(1);
    expect((await (await signIn(t.app, 'player2')).get('/api/v1/admin/identity-conflicts')).status).toBe(403);

    // player7 plays under a name the roster does not know: the bound id still credits player7.
    await postLog(tenPlayers({ 7: { guid: '[U:1:1000007]', name: 'xX_anon_Xx' } }));
    const row = await statsOfGuid('[U:1:1000007]');
    expect(row?.userId).toBe(uid('player7'));
    expect(row?.kills).toBeGreaterThan(0);
  });

  it('cannot claim an id another roster player’s heartbeat confirmed', async () => {
    expect((await heartbeat('player7', '[U:1:555]')).guidAccepted).toBe(true);
    expect(await rosterGuid('player7')).toBe('[U:1:555]');
    expect((await heartbeat('player2', '[U:1:555]')).guidAccepted).toBe(false);
    expect(await rosterGuid('player2')).toBeNull();
  });

  it('a heartbeat’s id never binds the account nor moves statistics', async () => {
    // player2 confirms an unbound id; in the log that id plays as player7 (by name).
    expect((await heartbeat('player2', '[U:1:31337]')).guidAccepted).toBe(true);
    const bound = await t.app.db
      .select()
      .from(userGameAccounts)
      .where(eq(userGameAccounts.guid, '[U:1:31337]'));
    expect(bound).toEqual([]);
    await postLog(tenPlayers({ 7: { guid: '[U:1:31337]', name: 'player7' } }));
    expect((await statsOfGuid('[U:1:31337]'))?.userId).toBe(uid('player7'));
  });

  it('player2 claiming player7’s name takes nothing: each keeps his own log row and kills', async () => {
    const verdict = await nameHeartbeat('player2', 'player7');
    expect(verdict).toMatchObject({ running: true, guidAccepted: false });
    expect(await rosterInGameName('player2')).toBeNull();
    // A name already on another player's seat is refused too, whoever claimed first.
    expect((await nameHeartbeat('player7', 'Sniper')).running).toBe(true);
    expect(await rosterInGameName('player7')).toBe('Sniper');
    await nameHeartbeat('player2', '^2sniper');
    expect(await rosterInGameName('player2')).toBeNull();

    // The next batch through the ingest route: the log names everyone by username but player7 (as Sniper).
    await postLog(tenPlayers({ 7: { guid: '[U:1:9006]', name: 'Sniper' } }));
    const player7Row = await statsOfGuid('[U:1:9006]');
    const player2Row = await statsOfGuid('[U:1:9001]');
    expect(player7Row?.kills).toBeGreaterThan(0);

    const client = await signIn(t.app, 'player15');
    const res = await client.get(`/api/v1/match-detail/statistics/${fixture.matchId}`);
    const { data } = expectAnswer(res, matchStatisticsAnswer);
    const players = [...data.teams.firstTeam.players, ...data.teams.secondTeam.players];
    const byUser = (name: string) => players.find((p) => p.userId === uid(name));
    expect(byUser('player7')?.stats.total_kills).toBe(player7Row?.kills);
    expect(byUser('player2')?.stats.total_kills).toBe(player2Row?.kills);
    expect(data.teams.secondTeam.players.map((p) => p.userId)).toContain(uid('player7'));
    expect(data.teams.firstTeam.players.map((p) => p.userId)).toContain(uid('player2'));
    expect(players.filter((p) => p.userId === null)).toEqual([]);
  });

  it('a log row is never credited by another player’s in-game name on the roster', async () => {
    // Written before claims were checked: player2's roster row carries player7's name.
    await t.app.db
      .update(matchPlayers)
      .set({ inGameName: 'player7' })
      .where(and(eq(matchPlayers.matchId, fixture.matchId), eq(matchPlayers.userId, uid('player2'))));
    // player7 may still go by his own username.
    expect((await nameHeartbeat('player7', 'Player7')).running).toBe(true);
    expect(await rosterInGameName('player7')).toBe('Player7');
    await postLog(tenPlayers());
    expect((await statsOfGuid('[U:1:9006]'))?.userId).toBe(uid('player7'));
    expect((await statsOfGuid('[U:1:9001]'))?.userId).toBe(uid('player2'));
  });
});
