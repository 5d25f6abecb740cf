// The roster lock over real UDP: the monitor reads `status` from the emulator on its clock; an intruder is
// kicked with clientkick within 10 s and the kick shows in the match room; the roster (bound ids or the id
// their heartbeat confirmed) and an admin's named guest stay.
import { anticheatTokenAnswer } from '@versus/common/api/anticheat';
import { matchDetailUpdateEvent } from '@versus/common/api/realtime-events';
import { STATUS } from '@versus/common/match/statuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPoolApp, Emulators, endVeto, matchAtLastVetoStep, registerServer } from './testing.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';
import { createReportAnswer } from '@versus/common/api/moderation';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
const emulators = new Emulators();
beforeEach(async () => {
  t = await createPoolApp({ GAME_SERVER_MONITOR_INTERVAL_MS: '1000' });
});
afterEach(async () => {
  await t.close();
  await emulators.stop();
});

describe('roster lock', () => {
  it('kicks an intruder within 10 s, shows the kick, keeps the roster and a named guest', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);

    const admin = await signIn(t.app, 'admin');
    const guest = await admin.post(`/api/v1/admin/matches/${matchId}/guests`, {
      playerId: '[U:1:777]',
      name: 'Caster',
    });
    expect(guest.status).toBe(201);
    expect(
      (await admin.post(`/api/v1/admin/matches/${matchId}/guests`, { playerId: '[U:1:777]', name: 'x' }))
        .status,
    ).toBe(409);
    expect(
      (await (await signIn(t.app, 'player1')).post(`/api/v1/admin/matches/${matchId}/guests`, {})).status,
    ).toBe(403);

    // player3 plays with an id only their anticheat heartbeat confirmed for this match.
    const p3 = await signIn(t.app, 'player3');
    const token = expectAnswer(await p3.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
    const beat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/anticheat/client/heartbeat',
      headers: { authorization: `Bearer ${token}` },
      payload: { matchId, inGameName: 'p3', guid: '[U:1:333]' },
    });
    expect(beat.json()).toMatchObject({ data: { guidAccepted: true } });

    for (const n of [1, 2, 4, 5, 6, 7, 8, 9, 10]) {
      emu.join({ playerId: `[U:1:${1_000_000 + n}]`, name: `player${n}`, side: n <= 5 ? 1 : 2 });
    }
    emu.join({ playerId: '[U:1:333]', name: 'p3', side: 1 });
    emu.join({ playerId: '[U:1:777]', name: 'Caster' });
    const serverUpdates = () =>
      t.published
        .filter((p) => p.channel === `match-detail-update.${matchId}` && p.event === 'MatchDetailUpdate')
        .map((p) => matchDetailUpdateEvent.parse(p.payload))
        .filter((u) => JSON.stringify(u.changed) === '["server"]');
    // The allocation already told the room its server box changed.
    const updatesBeforeKick = serverUpdates().length;
    expect(updatesBeforeKick).toBeGreaterThan(0);
    const joinedAt = Date.now();
    emu.join({ playerId: '[U:1:666]', name: '^1Intruder' });

    while (emu.state().clients.some((c) => c.playerId === '[U:1:666]')) {
      expect(Date.now() - joinedAt).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Date.now() - joinedAt).toBeLessThan(10_000);
    expect(emu.state().kicks).toEqual([{ playerId: '[U:1:666]', name: '^1Intruder' }]);
    expect(emu.state().clients).toHaveLength(11);

    // The kick is stored right after the server answered `clientkick`: read the box once it is.
    const player1 = await signIn(t.app, 'player1');
    let box = await player1.get(`/api/v1/match/${matchId}/server`);
    for (let i = 0; i < 50 && JSON.stringify(box.body).includes('"kicks":[]'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      box = await player1.get(`/api/v1/match/${matchId}/server`);
    }
    expect(box.body).toMatchObject({
      data: { kicks: [{ name: 'Intruder', playerId: '[U:1:666]', reason: 'Not on the match roster' }] },
    });
    const stranger = await (await signIn(t.app, 'player11')).get(`/api/v1/match/${matchId}/server`);
    expect(stranger.body).toMatchObject({ data: { kicks: [] } });
    // The room hears of the kick; a spectator's room takes the detail from the event and refetches only the
    // server box (the kicks are for players and admins, who refetch the whole room).
    await expect.poll(() => serverUpdates().length).toBeGreaterThan(updatesBeforeKick);
    const update = serverUpdates().at(-1);
    expect(update).toMatchObject({ matchId, detail: { statusId: STATUS.inProgress } });
    expect(update?.participantIds?.length).toBeGreaterThan(0);
  });

  it('kicks a roster player banned while the match is in progress (reason "Banned"), keeps the others', async () => {
    const emu = await emulators.start();
    await registerServer(t, emu);
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      emu.join({ playerId: `[U:1:${1_000_000 + n}]`, name: `player${n}`, side: n <= 5 ? 1 : 2 });
    }
    const admin = await signIn(t.app, 'admin');
    const reporter = await signIn(t.app, 'player11');
    const [target] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'player2'));
    const made = await reporter.post('/api/v1/reports', {
      userId: target?.id,
      category: 'cheating',
      text: 'Aimbot on every round of this match.',
      matchId,
    });
    const reportId = expectAnswer(made, createReportAnswer, 201).data.id;
    // Nobody is kicked before the ban.
    expect(emu.state().kicks).toEqual([]);
    const ban = await admin.post(`/api/v1/admin/reports/${String(reportId)}/ban`, {
      reason: 'Aimbot.',
      days: 7,
    });
    expect(ban.status).toBe(200);

    await expect
      .poll(() => emu.state().kicks, { timeout: 15_000, interval: 100 })
      .toEqual([{ playerId: '[U:1:1000002]', name: 'player2' }]);
    expect(emu.state().clients).toHaveLength(9);
    const player1 = await signIn(t.app, 'player1');
    await expect
      .poll(async () => (await player1.get(`/api/v1/match/${matchId}/server`)).body, { timeout: 5_000 })
      .toMatchObject({ data: { kicks: [{ playerId: '[U:1:1000002]', reason: 'Banned' }] } });
  });
});
