// Team map preferences: the captain saves an order of maps to ban and to pick per map
// pool; a timed-out veto turn follows them (badge reason 'preferences'), and a team that saved none gets
// the seeded draw by the system.
import { mapPreferencesAnswer, saveMapPreferencesAnswer } from '@versus/common/api/teams';
import { vetoMatchAnswer } from '@versus/common/api/matches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageScenario } from '../dev/index.ts';
import { buildTestApp, expectAnswer, teamIdOf } from '../../test/index.ts';
import type { TestApp, TestClient } from '../../test/index.ts';

describe('team map preferences and the auto-veto', () => {
  let t: TestApp;
  let p6: TestClient; // Northern Wolves captain
  let p7: TestClient; // Northern Wolves player

  beforeAll(async () => {
    t = await buildTestApp();
    p6 = await t.signIn('player6');
    p7 = await t.signIn('player7');
  });
  afterAll(async () => {
    await t.close();
  });

  const prefs = async (client: TestClient) =>
    expectAnswer(await client.get('/api/v1/teams/northern-wolves/map-preferences'), mapPreferencesAnswer)
      .data;

  it('the captain saves an order per pool; others and bad lists are refused', async () => {
    const view = await prefs(p6);
    expect(view.canEdit).toBe(true);
    expect((await prefs(p7)).canEdit).toBe(false);
    const pool = view.pools[0];
    if (!pool) throw new Error('no pool');
    expect(pool.competitions.length).toBeGreaterThan(0);
    const [a, b, c] = pool.maps.map((m) => m.id);
    const url = `/api/v1/teams/northern-wolves/map-preferences/${String(pool.mapPoolId)}`;
    expect((await p7.put(url, { ban: [a], pick: [] })).status).toBe(403);
    expect((await t.client().put(url, { ban: [a], pick: [] })).status).toBe(401);
    expect((await p6.put(url, { ban: [999999], pick: [] })).body).toMatchObject({
      errors: { ban: ['Every map must be in the map pool.'] },
    });
    expect((await p6.put(url, { ban: [a], pick: [a] })).body).toMatchObject({
      errors: { pick: ['A map can be a ban or a pick preference, not both.'] },
    });
    expect(
      (await p6.put('/api/v1/teams/northern-wolves/map-preferences/999999', { ban: [], pick: [] })).status,
    ).toBe(404);
    const saved = expectAnswer(await p6.put(url, { ban: [c, b], pick: [a] }), saveMapPreferencesAnswer);
    expect(saved).toMatchObject({
      message: 'Map preferences were saved successfully',
      data: { ban: [c, b], pick: [a] },
    });
    expect((await prefs(t.client())).pools[0]).toMatchObject({ ban: [c, b], pick: [a] });
  });

  it('a timed-out turn bans the team’s first still-available preference; without preferences the system draws', async () => {
    const wolves = await teamIdOf(t.app, 'northern-wolves');
    const pool = (await prefs(p6)).pools[0];
    if (!pool) throw new Error('no pool');
    const [first, second] = [pool.ban[0], pool.ban[1]];
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const veto = async () =>
      expectAnswer(await t.client().get(`/api/v1/match/${String(matchId)}`), vetoMatchAnswer).data;

    // Team A (the challenged Northern Wolves) acts first and lets the clock run out.
    const start = await veto();
    expect(start.vetoDetail).toMatchObject({ teamId: wolves, step: 'ban' });
    t.clock.time = (start.timeRemaining ?? 0) * 1000;
    expect(await t.app.matchSweeper.sweepOnce()).toBe(1);
    const afterFirst = await veto();
    expect(afterFirst.maps.find((m) => m.id === first)).toMatchObject({
      removedByTeamId: wolves,
      removedByTeamName: 'Northern Wolves',
      autoReason: 'preferences',
    });

    // Red Dragons saved nothing: its timed-out turn is the system's seeded draw, banned by the system.
    t.clock.time = (afterFirst.timeRemaining ?? 0) * 1000;
    expect(await t.app.matchSweeper.sweepOnce()).toBe(1);
    const afterSecond = await veto();
    const systemBan = afterSecond.maps.find((m) => m.mapIndex === 2);
    expect(systemBan).toMatchObject({
      removedByTeamId: -1,
      removedByTeamName: 'System',
      autoReason: 'system',
    });

    // The wolves' next timeout takes their next preference still available.
    t.clock.time = (afterSecond.timeRemaining ?? 0) * 1000;
    expect(await t.app.matchSweeper.sweepOnce()).toBe(1);
    const third = (await veto()).maps.find((m) => m.mapIndex === 3);
    const expected = systemBan?.id === second ? undefined : second;
    if (expected !== undefined) expect(third).toMatchObject({ id: expected, autoReason: 'preferences' });
    else expect(third).toMatchObject({ removedByTeamId: -1, autoReason: 'system' });
  });
});
