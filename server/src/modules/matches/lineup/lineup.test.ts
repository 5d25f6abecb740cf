// Lineups over the API: a six-player team plays a 5v5 with the five its captain chose,
// a player on both teams is refused with a 422 text (never a 500), the veto waits for both lineups, and the
// player list and the tournament ready check use the lineup.
import { challengeAnswer } from '@versus/common/api/ladders';
import { matchPlayersAnswer } from '@versus/common/api/match-players';
import { lineupAnswer, matchDetailAnswer } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../../db/schema/index.ts';
import { buildTestApp, expectAnswer, ladderId, teamIdOf } from '../../../test/index.ts';
import type { TestApp, TestClient } from '../../../test/index.ts';

describe('lineups', () => {
  let t: TestApp;
  let p1: TestClient; // Red Dragons captain
  let p6: TestClient; // Northern Wolves captain
  let ladder = 0;
  let red = 0;
  let wolves = 0;
  const ids = new Map<string, number>();

  async function addUser(name: string): Promise<number> {
    const [u] = await t.app.db
      .insert(users)
      .values({ username: name, email: `${name}@example.test`, passwordHash: 'x' })
      .returning({ id: users.id });
    if (!u) throw new Error('no user');
    ids.set(name, u.id);
    return u.id;
  }

  async function idOf(username: string): Promise<number> {
    const known = ids.get(username);
    if (known !== undefined) return known;
    const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!u) throw new Error(`no ${username}`);
    ids.set(username, u.id);
    return u.id;
  }

  const lineupOf = async (names: string[]) => Promise.all(names.map(idOf));

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await t.signIn('player1');
    p6 = await t.signIn('player6');
    ladder = await ladderId(t.app);
    red = await teamIdOf(t.app, 'red-dragons');
    wolves = await teamIdOf(t.app, 'northern-wolves');
    // Red Dragons carries a bench: a sixth player.
    await t.app.db.insert(teamMembers).values({ teamId: red, userId: await addUser('sixth') });
  });
  afterAll(async () => {
    await t.close();
  });

  const challenge = (body: Record<string, unknown>) =>
    p1.post(`/api/v1/ladders/${String(ladder)}/challenges`, { opponentTeamId: wolves, ...body });
  const lineups = async (client: TestClient, id: number) =>
    expectAnswer(await client.get(`/api/v1/match-detail/lineup/${String(id)}`), lineupAnswer).data;
  const cancel = (id: number) => p1.post(`/api/v1/match-detail/status/${String(id)}/cancel`);

  it('a six-player team must choose five; the five it chose play the 5v5', async () => {
    const missing = await challenge({});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: { lineup: ['Choose exactly 5 players for your lineup.'] } });
    const notOnRoster = await challenge({
      lineup: await lineupOf(['player2', 'player3', 'player4', 'player5', 'player7']),
    });
    expect(notOnRoster.status).toBe(422);
    expect(notOnRoster.body).toMatchObject({
      errors: { lineup: ["Every lineup player must be on your team's roster."] },
    });

    const five = ['player1', 'player2', 'player3', 'player4', 'sixth'];
    const res = await challenge({ lineup: await lineupOf(five) });
    const { id } = expectAnswer(res, challengeAnswer, 201).data;

    const before = await lineups(p1, id);
    expect(before.challenger.players.map((p) => p.username).sort()).toEqual([...five].sort());
    expect(before.challenger.complete).toBe(true);
    // The challenged team has exactly five: its roster is its lineup.
    expect(before.opponent).toMatchObject({ complete: true, size: 5 });
    expect(before.canEdit).toBe(true);
    expect(before.roster.map((r) => [r.username, r.inLineup])).toContainEqual(['player5', false]);

    const accepted = await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const detail = await t.client().get(`/api/v1/match-detail/${String(id)}`);
    expect(expectAnswer(detail, matchDetailAnswer).data.statusId).toBe(STATUS.mapVeto);
    // The lineup cannot change once the veto runs.
    const late = await p1.post(`/api/v1/match-detail/lineup/${String(id)}`, {
      lineup: await lineupOf(['player1', 'player2', 'player3', 'player4', 'player5']),
    });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({
      message: 'The lineup can no longer be changed: the map veto has started.',
    });

    const players = await t.client().get(`/api/v1/match-detail/players/${String(id)}`);
    const data = expectAnswer(players, matchPlayersAnswer).data;
    expect(data.challenger.map((p) => p.username).sort()).toEqual([...five].sort());
    expect(data.opponent).toHaveLength(5);
    const server = await t.client().get(`/api/v1/match-detail/${String(id)}`);
    const teams = expectAnswer(server, matchDetailAnswer).data.teams;
    expect(teams.challenger.players).toHaveLength(5);
    await t.signIn('admin').then((admin) => admin.post(`/api/v1/match-detail/status/${String(id)}/cancel`));
  });

  it('a player on both teams is refused with a 422 text, never a 5xx', async () => {
    const shared = await addUser('shared');
    await t.app.db.insert(teamMembers).values({ teamId: wolves, userId: shared });
    const res = await challenge({
      lineup: await lineupOf(['player1', 'player2', 'player3', 'player4', 'shared']),
    });
    // Red Dragons has 7 now (sixth, shared): it chose; the shared player is in its lineup.
    expect(res.status).toBe(422); // shared is not on Red Dragons yet
    await t.app.db.insert(teamMembers).values({ teamId: red, userId: shared });
    const ok = await challenge({
      lineup: await lineupOf(['player1', 'player2', 'player3', 'player4', 'shared']),
    });
    const { id } = expectAnswer(ok, challengeAnswer, 201).data;

    // Northern Wolves has six now: no default lineup, so accepting needs one.
    const none = await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      message: 'Northern Wolves has not chosen its lineup yet (0 of 5 players).',
    });
    const wolvesWithShared = await lineupOf(['player6', 'player7', 'player8', 'player9', 'shared']);
    const taken = await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`, {
      lineup: wolvesWithShared,
    });
    expect(taken.status).toBe(422);
    const text = "shared is already in Red Dragons's lineup: a player can play for only one side of a match.";
    expect(taken.body).toEqual({ message: text, errors: { validator: [text] } });
    const viaEditor = await p6.post(`/api/v1/match-detail/lineup/${String(id)}`, {
      lineup: wolvesWithShared,
    });
    expect(viaEditor.status).toBe(422);
    expect(viaEditor.body).toMatchObject({ message: text });
    const wolvesView = await lineups(p6, id);
    expect(wolvesView.roster.find((r) => r.username === 'shared')).toMatchObject({ inOtherLineup: true });

    const fine = await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`, {
      lineup: await lineupOf(['player6', 'player7', 'player8', 'player9', 'player10']),
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    const after = await lineups(t.client(), id);
    expect(after.opponent.players.map((p) => p.username)).not.toContain('shared');
    expect(after.challenger.players.map((p) => p.username)).toContain('shared');
    expect(after.roster).toEqual([]);
    await cancel(id);
    await t.app.db.delete(teamMembers).where(inArray(teamMembers.userId, [shared]));
  });

  it('a captain sets the lineup in the match room before accepting; others may not', async () => {
    const res = await challenge({
      lineup: await lineupOf(['player1', 'player2', 'player3', 'player4', 'player5']),
    });
    const { id } = expectAnswer(res, challengeAnswer, 201).data;
    const p2 = await t.signIn('player2');
    const refused = await p2.post(`/api/v1/match-detail/lineup/${String(id)}`, { lineup: [1] });
    expect(refused.status).toBe(403);
    const bad = await p1.post(`/api/v1/match-detail/lineup/${String(id)}`, { lineup: 'x' });
    expect(bad.status).toBe(422);
    const swap = await lineupOf(['player1', 'player2', 'player3', 'sixth', 'player5']);
    const saved = await p1.post(`/api/v1/match-detail/lineup/${String(id)}`, { lineup: swap });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ message: 'Lineup was saved successfully' });
    const view = await lineups(p1, id);
    expect(view.challenger.players.map((p) => p.username)).toContain('sixth');
    expect(view.challenger.players.map((p) => p.username)).not.toContain('player4');
    await cancel(id);
  });
});
