// Match times agreed between teams, over HTTP: a captain proposes up to three times, the other counters (the
// counter replaces the open proposal), the first accepts one and it becomes the match's start, which the
// sweeper then starts. Every refusal is a clear 4xx with its reason; a tournament round's window bounds the
// times.
import { matchDetailUpdateEvent } from '@versus/common/api/realtime-events';
import { challengeAnswer } from '@versus/common/api/ladders';
import { matchDetailAnswer } from '@versus/common/api/matches';
import { scheduleAnswer, scheduleCommandAnswer } from '@versus/common/api/schedule';
import { utcText } from '@versus/common/match/schedule';
import { STATUS } from '@versus/common/match/statuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, notifications, users } from '../../../db/schema/index.ts';
import {
  buildTestApp,
  expectAnswer,
  ladderId,
  makeTeams,
  makeTournament,
  teamIdOf,
} from '../../../test/index.ts';
import type { TestApp, TestClient } from '../../../test/index.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('match times agreed between teams', () => {
  let t: TestApp;
  let p1: TestClient; // Red Dragons captain
  let p6: TestClient; // Northern Wolves captain
  let p2: TestClient; // Red Dragons player, not a captain
  let admin: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await t.signIn('player1');
    p6 = await t.signIn('player6');
    p2 = await t.signIn('player2');
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (id: number, action = '') => `/api/v1/match-detail/schedule/${String(id)}${action}`;
  const schedule = async (client: TestClient, id: number) =>
    expectAnswer(await client.get(url(id)), scheduleAnswer).data;
  const propose = (client: TestClient, id: number, times: number[]) =>
    client.post(url(id, '/propose'), { times: times.map(iso) });
  const accept = (client: TestClient, id: number, time: number) =>
    client.post(url(id, '/accept'), { time: iso(time) });

  async function challenge(): Promise<number> {
    const ladder = await ladderId(t.app);
    const res = await p1.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'northern-wolves'),
    });
    return expectAnswer(res, challengeAnswer, 201).data.id;
  }

  it('propose, counter-propose, accept: the agreed time is the start, both captains are told live', async () => {
    const now = t.clock.now();
    const id = await challenge();
    const [a, b, c] = [now + 24 * HOUR, now + 25 * HOUR, now + 26 * HOUR];

    const proposed = await propose(p1, id, [c, a, b]);
    const first = expectAnswer(proposed, scheduleCommandAnswer).data;
    expect(first.proposal).toMatchObject({
      teamName: 'Red Dragons',
      byUsername: 'player1',
      times: [a, b, c].map(iso),
    });
    // The proposer waits; the other captain may accept or counter; a player of the team sees it only.
    expect(first).toMatchObject({ canPropose: true, canAccept: false, agreed: false, open: true });
    expect(await schedule(p6, id)).toMatchObject({ canPropose: true, canAccept: true });
    expect(await schedule(p2, id)).toMatchObject({ canPropose: false, canAccept: false });
    // The room refreshes every tab (match-detail-update.{id}) and the other captain gets a notification.
    // It names the schedule as changed, so a spectator's room refetches that panel too.
    const updates = t.published.filter(
      (p) => p.channel === `match-detail-update.${String(id)}` && p.event === 'MatchDetailUpdate',
    );
    expect(updates.map((u) => matchDetailUpdateEvent.parse(u.payload).changed)).toContainEqual(
      expect.arrayContaining(['schedule']),
    );
    const p6Id = await userId('player6');
    const told = await t.app.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, p6Id));
    expect(told.map((n) => n.message).join('\n')).toContain('New start times were proposed');

    // A counter-proposal replaces the open one: the first captain's times are gone.
    const d = now + 30 * HOUR;
    const countered = expectAnswer(await propose(p6, id, [d]), scheduleCommandAnswer).data;
    expect(countered.proposal).toMatchObject({ teamName: 'Northern Wolves', times: [iso(d)] });
    const refusedOld = await accept(p6, id, a);
    expect(refusedOld.status).toBe(422);
    expect(refusedOld.body).toMatchObject({
      message: 'The other captain answers your proposal: you may propose other times instead.',
    });
    const notOffered = await accept(p1, id, a);
    expect(notOffered.status).toBe(422);
    expect(notOffered.body).toMatchObject({ message: 'This time is not one of the proposed times.' });

    const agreed = expectAnswer(await accept(p1, id, d), scheduleCommandAnswer);
    expect(agreed.message).toBe('The start time is agreed.');
    expect(agreed.data).toMatchObject({ agreed: true, startDate: iso(d), proposal: null });
    // The agreed time is the match's start in the room.
    const detail = expectAnswer(
      await t.client().get(`/api/v1/match-detail/${String(id)}`),
      matchDetailAnswer,
    );
    expect(JSON.stringify(detail.data)).toContain(iso(d));

    // The challenge accepted: the match waits for the agreed start, then the sweeper starts it.
    expect((await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`)).status).toBe(200);
    expect(await statusOf(id)).toBe(STATUS.scheduled);
    await t.app.matchSweeper.sweepOnce(d - 1);
    expect(await statusOf(id)).toBe(STATUS.scheduled);
    await t.app.matchSweeper.sweepOnce(d);
    expect(await statusOf(id)).not.toBe(STATUS.scheduled);
    // Past the start the time can no longer change.
    const late = await propose(p1, id, [d + 48 * HOUR]);
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ message: 'The start time of this match can no longer change.' });
    await cancel(id);
  });

  it('refuses times in the past, more than three, twice the same, someone not a captain, a closed match', async () => {
    const now = t.clock.now();
    const id = await challenge();
    const past = await propose(p1, id, [now - 60_000]);
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ message: 'A proposed time is in the past.' });
    const four = await propose(
      p1,
      id,
      [1, 2, 3, 4].map((h) => now + h * HOUR),
    );
    expect(four.status).toBe(422);
    expect(four.body).toMatchObject({ errors: { times: ['Propose one to three times.'] } });
    const none = await propose(p1, id, []);
    expect(none.status).toBe(422);
    const twice = await propose(p1, id, [now + HOUR, now + HOUR]);
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ message: 'Each proposed time must be different.' });
    const garbage = await p1.post(url(id, '/propose'), { times: ['tomorrow'] });
    expect(garbage.status).toBe(422);
    const notCaptain = await propose(p2, id, [now + HOUR]);
    expect(notCaptain.status).toBe(403);
    expect(notCaptain.body).toMatchObject({
      message: 'Only the captains of the two teams can propose or accept a start time.',
    });
    const signedOut = await t.client().post(url(id, '/propose'), { times: [iso(now + HOUR)] });
    expect(signedOut.status).toBe(401);
    const nothingOpen = await accept(p6, id, now + HOUR);
    expect(nothingOpen.status).toBe(422);
    expect(nothingOpen.body).toMatchObject({ message: 'There is no open time proposal to accept.' });
    expect((await t.client().get(url(999_999))).status).toBe(404);

    // A time that passed before it was accepted is refused: propose a new one.
    expectAnswer(await propose(p1, id, [now + 60_000]), scheduleCommandAnswer);
    t.clock.advance(2 * 60_000);
    const passed = await accept(p6, id, now + 60_000);
    expect(passed.status).toBe(422);
    expect(passed.body).toMatchObject({ message: 'This time has passed: propose a new one.' });

    await cancel(id);
    const closed = await propose(p1, id, [t.clock.now() + HOUR]);
    expect(closed.status).toBe(422);
    expect(closed.body).toMatchObject({ message: 'The start time of this match can no longer change.' });
    expect(await schedule(p1, id)).toMatchObject({ open: false, canPropose: false });
  });

  it("a tournament match: times fall in the round's window; the agreed time starts the ready check", async () => {
    const now = t.clock.now();
    const start = now + HOUR;
    const made = await signableTeams(2);
    const tournament = await makeTournament(
      t.app,
      start,
      made.map((m) => m.id),
    );
    const window = { opens: start, deadline: start + 48 * HOUR };
    const set = await admin.put(`/api/v1/admin/tournaments/${String(tournament.id)}/round-windows/1`, {
      opensAt: iso(window.opens),
      deadline: iso(window.deadline),
      fallback: 'forfeit',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await t.app.matchSweeper.sweepOnce(start);
    const [row] = await t.app.db
      .select({ id: matches.id, statusId: matches.statusId, startDate: matches.startDate })
      .from(matches)
      .where(and(eq(matches.tournamentId, tournament.id), eq(matches.tournamentRound, 1)));
    if (!row) throw new Error('no match');
    const id = row.id;
    const [capA, capB] = await captainsOf(made);
    if (!capA || !capB) throw new Error('no captains');

    const outside = await propose(capA, id, [window.deadline + HOUR]);
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({
      message: `Every time must fall within the round window, from ${utcText(window.opens)} to ${utcText(window.deadline)}.`,
    });
    const agreedAt = start + 24 * HOUR;
    expectAnswer(await propose(capA, id, [agreedAt]), scheduleCommandAnswer);
    expect(await schedule(capB, id)).toMatchObject({
      window: { opens: iso(window.opens), deadline: iso(window.deadline) },
      canAccept: true,
    });
    expectAnswer(await accept(capB, id, agreedAt), scheduleCommandAnswer);
    await t.app.matchSweeper.sweepOnce(agreedAt - 1);
    expect(await statusOf(id)).toBe(STATUS.scheduled);
    await t.app.matchSweeper.sweepOnce(agreedAt);
    expect(await statusOf(id)).toBe(STATUS.readyUp);
  });

  it('an admin sets round windows; refusals are clear; the deadline applies the forfeit rule', async () => {
    const start = t.clock.now() + HOUR;
    const made = await signableTeams(4);
    const tournament = await makeTournament(
      t.app,
      start,
      made.map((m) => m.id),
    );
    const path = (round: number | string) =>
      `/api/v1/admin/tournaments/${String(tournament.id)}/round-windows/${String(round)}`;
    const deadline = start + 24 * HOUR;
    const body = { opensAt: iso(start), deadline: iso(deadline), fallback: 'forfeit' };

    const backwards = await admin.put(path(1), { ...body, deadline: iso(start - HOUR) });
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({
      errors: { deadline: ['The deadline must be after the opening.'] },
    });
    const noDefault = await admin.put(path(1), { ...body, fallback: 'default_time' });
    expect(noDefault.status).toBe(422);
    expect(noDefault.body).toMatchObject({
      errors: { defaultTime: ['The default time is required when the fallback is default_time.'] },
    });
    const early = await admin.put(path(1), {
      ...body,
      fallback: 'default_time',
      defaultTime: iso(deadline - HOUR),
    });
    expect(early.status).toBe(422);
    expect((await admin.put(path(1), { ...body, fallback: 'maybe' })).status).toBe(422);
    expect((await admin.put(path(0), body)).status).toBe(404);
    expect((await admin.put(`/api/v1/admin/tournaments/999999/round-windows/1`, body)).status).toBe(404);
    expect((await p1.put(path(1), body)).status).toBe(403);
    expect((await t.client().put(path(1), body)).status).toBe(401);

    const saved = await admin.put(path(1), body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: 'The round window was saved.', data: { round: 1 } });
    const listed = await admin.get(`/api/v1/admin/tournaments/${String(tournament.id)}/round-windows`);
    expect(listed.body).toMatchObject({ data: [{ round: 1, fallback: 'forfeit', defaultTime: null }] });

    // The draw: round-1 matches wait in 3 with no start for the captains to agree.
    await t.app.matchSweeper.sweepOnce(start);
    const [m1, m2] = await roundOneMatches(tournament.id);
    if (!m1 || !m2) throw new Error('no round-1 matches');
    expect([m1.statusId, m2.statusId, m1.startDate, m2.startDate]).toEqual([
      STATUS.scheduled,
      STATUS.scheduled,
      null,
      null,
    ]);
    // In the first match one captain proposes and the other never answers; nobody proposes in the second.
    const clients = new Map<number, TestClient>();
    for (const [i, c] of (await captainsOf(made)).entries()) clients.set(made[i]?.id ?? 0, c);
    const proposer = clients.get(m1.challengerTeamId ?? 0);
    if (!proposer) throw new Error('no captain');
    expectAnswer(await propose(proposer, m1.id, [start + 2 * HOUR]), scheduleCommandAnswer);

    await t.app.matchSweeper.sweepOnce(deadline - 1);
    expect(await statusOf(m1.id)).toBe(STATUS.scheduled);
    const late = await propose(proposer, m1.id, [deadline + HOUR]);
    expect(late.status).toBe(422);
    await t.app.matchSweeper.sweepOnce(deadline);
    const [after1, after2] = await roundOneMatches(tournament.id);
    expect(after1).toMatchObject({ statusId: STATUS.finished, winnerSide: 1, forfeit: true });
    expect(after2).toMatchObject({ statusId: STATUS.cancelled, cancelReason: 'schedule-timeout' });
    // The room says the forfeit rule decided it, not an admin.
    const forfeited = JSON.stringify(
      expectAnswer(await t.client().get(`/api/v1/match-detail/${String(m1.id)}`), matchDetailAnswer).data,
    );
    expect(forfeited).toContain('did not answer a proposed time');
    expect(forfeited).not.toContain('Result awarded by admin');
    const detail = expectAnswer(
      await t.client().get(`/api/v1/match-detail/${String(m2.id)}`),
      matchDetailAnswer,
    );
    expect(JSON.stringify(detail.data)).toContain(
      'Cancelled: no start time was agreed before the round deadline',
    );

    const removed = await admin.request('DELETE', path(1));
    expect(removed.body).toMatchObject({ message: 'The round window was removed.' });
    expect((await admin.request('DELETE', path(1))).status).toBe(404);
  });

  it("a round window's default time becomes the start of a match not agreed by the deadline", async () => {
    const start = t.clock.now() + HOUR;
    const made = await signableTeams(2);
    const tournament = await makeTournament(
      t.app,
      start,
      made.map((m) => m.id),
    );
    const deadline = start + 24 * HOUR;
    const defaultTime = deadline + 2 * HOUR;
    const saved = await admin.put(`/api/v1/admin/tournaments/${String(tournament.id)}/round-windows/1`, {
      opensAt: iso(start),
      deadline: iso(deadline),
      fallback: 'default_time',
      defaultTime: iso(defaultTime),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await t.app.matchSweeper.sweepOnce(start);
    const [m] = await roundOneMatches(tournament.id);
    if (!m) throw new Error('no match');
    await t.app.matchSweeper.sweepOnce(deadline);
    const [captain] = await captainsOf(made);
    if (!captain) throw new Error('no captain');
    expect(await schedule(captain, m.id)).toMatchObject({ startDate: iso(defaultTime), agreed: false });
    await t.app.matchSweeper.sweepOnce(defaultTime);
    expect(await statusOf(m.id)).toBe(STATUS.readyUp);
  });

  /** One-player teams whose captains can sign in with the demo password. */
  async function signableTeams(n: number) {
    const made = await makeTeams(t.app, n);
    const [hash] = await t.app.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'player1'));
    for (const m of made) {
      await t.app.db
        .update(users)
        .set({ passwordHash: hash?.h ?? '' })
        .where(eq(users.id, m.captainId));
    }
    return made;
  }

  async function captainsOf(made: { captainId: number }[]): Promise<TestClient[]> {
    const clients: TestClient[] = [];
    for (const m of made) {
      const [u] = await t.app.db
        .select({ name: users.username })
        .from(users)
        .where(eq(users.id, m.captainId));
      clients.push(await t.signIn(u?.name ?? ''));
    }
    return clients;
  }

  async function roundOneMatches(tournamentId: number) {
    return t.app.db
      .select()
      .from(matches)
      .where(and(eq(matches.tournamentId, tournamentId), eq(matches.tournamentRound, 1)))
      .orderBy(matches.bracketPosition);
  }

  async function userId(username: string): Promise<number> {
    const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!u) throw new Error(`no ${username}`);
    return u.id;
  }

  async function statusOf(id: number) {
    const [row] = await t.app.db.select({ s: matches.statusId }).from(matches).where(eq(matches.id, id));
    return row?.s;
  }

  async function cancel(id: number) {
    const res = await admin.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
