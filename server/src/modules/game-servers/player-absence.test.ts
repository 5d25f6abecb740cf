// Disconnects over real UDP: an emulated server, a live ladder match, each monitor pass reads `status` over
// rcon. A lineup player leaves → the pass records him away → the server box shows him to the match's players,
// the room hears of it, his captain is notified once per absence; his captain's sub is refused before
// DISCONNECT_SUB_MINUTES (fake clock) and accepted after it; a player who comes back is cleared.
import { matchDetailUpdateEvent } from '@versus/common/api/realtime-events';
import { matchServerAnswer } from '@versus/common/api/matches';
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { subCandidatesAnswer } from '@versus/common/api/subs';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matches, teamMembers, users } from '../../db/schema/index.ts';
import { poolRuntimeOf } from './index.ts';
import { createPoolApp, Emulators, endVeto, matchAtLastVetoStep, registerServer } from './testing.ts';
import { expectAnswer, signIn, teamIdOf, type TestApp, type TestClient } from '../../test/index.ts';

let t: TestApp;
const emulators = new Emulators();
beforeEach(async () => {
  t = await createPoolApp();
});
afterEach(async () => {
  await t.close();
  await emulators.stop();
});

const playerId = (n: number) => `[U:1:${1_000_000 + n}]`;

async function pass() {
  const runtime = poolRuntimeOf(t.app.ctx);
  if (!runtime) throw new Error('no pool');
  await runtime.monitor.pass(false);
}

async function absences(client: TestClient, matchId: number) {
  return expectAnswer(await client.get(`/api/v1/match/${matchId}/server`), matchServerAnswer).data.absences;
}

async function leftNotifications(client: TestClient) {
  const page = expectAnswer(await client.get('/api/v1/notification?page=1'), notificationsPageSchema).data;
  return page.filter((n) => n.message.includes('left the server'));
}

describe('disconnects', () => {
  it('records a lineup player who left, tells his captain once, lets the captain sub him after 5 minutes', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    const [row] = await t.app.db
      .select({ statusId: matches.statusId })
      .from(matches)
      .where(eq(matches.id, matchId));
    expect(row?.statusId).toBe(STATUS.inProgress);
    expect(emu.state().map).not.toBeNull();

    // A reserve on player1's team (red-dragons) is the bench.
    const [reserve] = await t.app.db
      .insert(users)
      .values({ username: 'reserve1', email: 'reserve1@example.test', passwordHash: 'x' })
      .returning();
    if (!reserve) throw new Error('no user');
    await t.app.db
      .insert(teamMembers)
      .values({ teamId: await teamIdOf(t.app, 'red-dragons'), userId: reserve.id });
    const [p3] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'player3'));
    const player3 = p3?.id ?? 0;

    const captain = await signIn(t.app, 'player1');
    const otherCaptain = await signIn(t.app, 'player6');
    const spectator = await signIn(t.app, 'player11');

    // Before anyone joined nobody is away: a player is counted once a read listed him.
    await pass();
    expect(await absences(captain, matchId)).toEqual([]);
    const slots = new Map<number, number>();
    for (let n = 1; n <= 10; n++) {
      slots.set(n, emu.join({ playerId: playerId(n), name: `player${n}`, side: n <= 5 ? 1 : 2 }).num);
    }
    await pass();
    expect(await absences(captain, matchId)).toEqual([]);

    // player3 leaves; the next pass records him.
    const serverUpdates = () =>
      t.published
        .filter((p) => p.channel === `match-detail-update.${matchId}` && p.event === 'MatchDetailUpdate')
        .map((p) => matchDetailUpdateEvent.parse(p.payload))
        .filter((u) => JSON.stringify(u.changed) === '["server"]').length;
    const updatesBefore = serverUpdates();
    expect(emu.leave(slots.get(3) ?? -1)).toBe(true);
    t.clock.advance(2_000);
    const leftAt = new Date(t.clock.now()).toISOString();
    await pass();
    expect(await absences(captain, matchId)).toEqual([{ userId: player3, username: 'player3', leftAt }]);
    expect(await absences(otherCaptain, matchId)).toHaveLength(1);
    expect(await absences(spectator, matchId)).toEqual([]);
    expect(serverUpdates()).toBe(updatesBefore + 1);
    const told = await leftNotifications(captain);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      message: '<b>player3</b> left the server',
      data: { redirectUrl: `/match/${matchId}` },
    });
    expect(await leftNotifications(otherCaptain)).toEqual([]);

    // Still away on the next passes: the same absence, no second notification.
    t.clock.advance(60_000);
    await pass();
    expect(await absences(captain, matchId)).toEqual([{ userId: player3, username: 'player3', leftAt }]);
    expect(await leftNotifications(captain)).toHaveLength(1);

    // Before 5 minutes his captain may not replace him; nobody else ever may.
    const sub = (client: TestClient) =>
      client.post(`/api/v1/match-detail/sub/${matchId}/${reserve.id}`, { replacesUserId: player3 });
    expect((await sub(captain)).body).toMatchObject({
      message: 'player3 has been away for less than 5 minutes',
    });
    expect((await sub(captain)).status).toBe(422);
    expect((await sub(otherCaptain)).body).toMatchObject({
      message: 'This player is not available to be added.',
    });
    expect((await sub(await signIn(t.app, 'player2'))).status).toBe(403);

    // He comes back: cleared. He leaves again: a new absence, counted from then, and a second notification.
    const back = emu.join({ playerId: playerId(3), name: 'player3', side: 1 });
    t.clock.advance(5 * 60_000);
    await pass();
    expect(await absences(captain, matchId)).toEqual([]);
    expect(await leftNotifications(captain)).toHaveLength(1);
    emu.leave(back.num);
    t.clock.advance(1_000);
    const leftAgainAt = new Date(t.clock.now()).toISOString();
    await pass();
    expect(await absences(captain, matchId)).toEqual([
      { userId: player3, username: 'player3', leftAt: leftAgainAt },
    ]);
    expect(await leftNotifications(captain)).toHaveLength(2);
    t.clock.advance(4 * 60_000 + 59_000);
    expect((await sub(captain)).body).toMatchObject({
      message: 'player3 has been away for less than 5 minutes',
    });

    // Five minutes away: the captain brings the bench player in, no admin needed.
    t.clock.advance(1_000);
    expect(await sub(captain)).toMatchObject({
      status: 200,
      body: { message: 'Player was added as a substitute successfully' },
    });
    const bench = expectAnswer(await captain.get(`/api/v1/match-detail/sub/${matchId}`), subCandidatesAnswer);
    expect(bench.meta.replaceable.map((p) => p.username)).toContain('reserve1');
    expect(bench.meta.replaceable.map((p) => p.username)).not.toContain('player3');
    // player3 is on the bench now: the box no longer lists him.
    await pass();
    expect(await absences(captain, matchId)).toEqual([]);
  });

  it('a present player is replaced under the usual rules (no absence recorded)', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    for (let n = 1; n <= 10; n++)
      emu.join({ playerId: playerId(n), name: `player${n}`, side: n <= 5 ? 1 : 2 });
    await pass();
    const [reserve] = await t.app.db
      .insert(users)
      .values({ username: 'reserve2', email: 'reserve2@example.test', passwordHash: 'x' })
      .returning();
    if (!reserve) throw new Error('no user');
    await t.app.db
      .insert(teamMembers)
      .values({ teamId: await teamIdOf(t.app, 'red-dragons'), userId: reserve.id });
    const [p2] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'player2'));
    const captain = await signIn(t.app, 'player1');
    const res = await captain.post(`/api/v1/match-detail/sub/${matchId}/${reserve.id}`, {
      replacesUserId: p2?.id ?? 0,
    });
    expect(res.status).toBe(200);
  });
});
