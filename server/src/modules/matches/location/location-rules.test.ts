// Every match type gets a server location. With the competition's `vote` rule ladder and
// tournament matches go through the location vote (11) before the veto, and an empty or tied vote is
// decided by the lowest median ping the players' browsers sent, then the lowest id; with `fixed` the
// competition's location is set without a vote. A match keeps the rule it was created with.
import {
  adminLadderAnswer,
  adminLaddersAnswer,
  adminTournamentAnswer,
  adminTournamentsAnswer,
} from '@versus/common/api/admin';
import { matchLocationsAnswer } from '@versus/common/api/locations';
import { matchDetailAnswer, matchServerAnswer } from '@versus/common/api/matches';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { locations, matches } from '../../../db/schema/index.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  expectAnswer,
  ladderMatch,
  teamIdOf,
  TestClient,
} from '../../../test/index.ts';

const createdAnswer = z.object({ data: z.object({ id: z.number() }) });

async function setup() {
  const t = await buildTestApp();
  const clients = new Map<string, TestClient>();
  for (const name of [
    'admin',
    'player1',
    'player2',
    'player6',
    'player7',
    'player11',
    'player16',
    'player17',
  ])
    clients.set(name, await t.signIn(name));
  const client = (name: string): TestClient => {
    const c = clients.get(name);
    if (!c) throw new Error(name);
    return c;
  };
  const locationIds = (await t.app.db.select({ id: locations.id }).from(locations).orderBy(locations.id)).map(
    (l) => l.id,
  );
  const row = async (id: number) => {
    const [r] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    if (!r) throw new Error(`no match ${String(id)}`);
    return r;
  };
  const detail = async (id: number) =>
    expectAnswer(await t.client().get(`/api/v1/match-detail/${String(id)}`), matchDetailAnswer).data;
  const vote = (who: string, id: number, locationId: number) =>
    client(who).post(`/api/v1/match-detail/location/${String(id)}/${String(locationId)}/select`);
  const pings = (who: string, id: number, list: { locationId: number; ms: number }[]) =>
    client(who).post(`/api/v1/match-detail/location/${String(id)}/pings`, { pings: list });
  /** The vote's deadline passes and the sweeper decides it. */
  const closeVote = async (id: number) => {
    const deadline = (await row(id)).locationVoteDeadline;
    if (!deadline) throw new Error(`match ${String(id)} is not voting`);
    t.clock.time = Math.max(t.clock.now(), deadline.getTime());
    await t.app.matchSweeper.sweepOnce(t.clock.now());
  };
  return { t, client, locationIds, row, detail, vote, pings, closeVote };
}

const at = (ids: number[], i: number): number => {
  const id = ids[i];
  if (id === undefined) throw new Error(`no location #${String(i)}`);
  return id;
};

describe('ladder matches: the location rule', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let ladder: number;

  beforeAll(async () => {
    s = await setup();
    const list = expectAnswer(await s.client('admin').get('/api/v1/admin/ladders'), adminLaddersAnswer).data;
    ladder = list[0]?.id ?? 0;
    // The demo ladder plays at a fixed location; this one votes, for 45 seconds.
    const url = `/api/v1/admin/ladders/${String(ladder)}`;
    const tooShort = await s.client('admin').patch(url, { locationRule: 'vote', locationVoteSeconds: 5 });
    expect(tooShort).toMatchObject({
      status: 422,
      body: {
        errors: { locationVoteSeconds: ['The location vote seconds field must be between 10 and 600.'] },
      },
    });
    const voting = expectAnswer(
      await s.client('admin').patch(url, { locationRule: 'vote', locationVoteSeconds: 45 }),
      adminLadderAnswer,
    ).data;
    expect(voting).toMatchObject({
      locationRule: 'vote',
      fixedLocationId: null,
      drawsAllowed: true,
      locationVoteSeconds: 45,
    });
  });
  afterAll(async () => {
    await s.t.close();
  });

  it('the lineups vote before the veto; the most votes win, the room says so and shows the flag', async () => {
    const { t, client, locationIds } = s;
    const id = await ladderMatch(t.app, {
      challenger: client('player1'),
      opponentSlug: 'northern-wolves',
      accepter: client('player6'),
    });
    expect((await s.row(id)).statusId).toBe(STATUS.locationSelect);
    expect((await s.detail(id)).locationDecidedBy).toBeNull();
    const offered = expectAnswer(
      await client('player1').get(`/api/v1/match-detail/location/${String(id)}`),
      matchLocationsAnswer,
    );
    expect(offered.data.map((l) => l.id)).toEqual(locationIds);
    expect(offered.meta).toMatchObject({ remainingSeconds: 45, canVote: true });

    const b = at(locationIds, 1);
    const a = at(locationIds, 0);
    expect((await s.vote('player1', id, b)).status).toBe(200);
    expect((await s.vote('player2', id, b)).status).toBe(200);
    expect((await s.vote('player6', id, a)).status).toBe(200);
    expect(t.published).toContainEqual({
      channel: `match-auto-location-vote-update.${String(id)}`,
      event: 'OnMatchAutoLocationVoteUpdate',
      payload: { matchId: id, id: b, votes: 2 },
    });
    // Only the lineups vote: a player of another team is refused.
    expect(await s.vote('player11', id, a)).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.locationNotPlayer },
    });
    // A lower ping elsewhere does not beat a clear vote.
    expect((await s.pings('player6', id, [{ locationId: a, ms: 1 }])).status).toBe(200);

    await s.closeVote(id);
    expect(await s.row(id)).toMatchObject({ statusId: STATUS.mapVeto, locationId: b });
    expect(t.published).toContainEqual({
      channel: `match-auto-location-finish-update.${String(id)}`,
      event: 'OnMatchAutoLocationFinishUpdate',
      payload: { matchId: id, locationId: b },
    });
    expect((await s.detail(id)).locationDecidedBy).toBe('vote');
    const [flag] = await t.app.db.select({ flag: locations.flag }).from(locations).where(eq(locations.id, b));
    const server = expectAnswer(
      await client('player1').get(`/api/v1/match/${String(id)}/server`),
      matchServerAnswer,
    );
    expect(server.data.locationIcon).toBe(flag?.flag);
  });

  it('refuses pings from outside the lineups, for unknown locations, out of range or malformed', async () => {
    const { t, client, locationIds } = s;
    const id = await ladderMatch(t.app, {
      challenger: client('player11'),
      opponentSlug: 'iron-phantoms',
      accepter: client('player16'),
    });
    const a = at(locationIds, 0);
    const url = `/api/v1/match-detail/location/${String(id)}/pings`;
    expect(await s.pings('player1', id, [{ locationId: a, ms: 30 }])).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.locationNotPlayer },
    });
    expect(await s.pings('player11', id, [{ locationId: 999_999, ms: 30 }])).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.locationUnknown },
    });
    const outOfRange = await s.pings('player11', id, [{ locationId: a, ms: 20_000 }]);
    expect(outOfRange.status).toBe(422);
    expect(JSON.stringify(outOfRange.body)).toContain('The ms field must be between 0 and 10000.');
    expect((await s.pings('player11', id, [{ locationId: a, ms: -1 }])).status).toBe(422);
    expect((await client('player11').post(url, { pings: [] })).status).toBe(422);
    expect((await client('player11').post(url, { pings: 'fast' })).status).toBe(422);
    expect((await new TestClient(t.app).post(url, { pings: [{ locationId: a, ms: 30 }] })).status).toBe(401);
    expect(
      (
        await client('player11').post('/api/v1/match-detail/location/999999/pings', {
          pings: [{ locationId: a, ms: 1 }],
        })
      ).status,
    ).toBe(404);

    // Nobody votes: the lowest median ping of the players' browsers decides (not the lowest id).
    // Location #0: 90, 110 → 100; #2: 40, 80 → 60; #1: only a stranger measured it (refused above).
    const c = at(locationIds, 2);
    expect(
      (
        await s.pings('player11', id, [
          { locationId: a, ms: 90 },
          { locationId: c, ms: 40 },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await s.pings('player16', id, [
          { locationId: a, ms: 110 },
          { locationId: c, ms: 80 },
        ])
      ).status,
    ).toBe(200);
    // A player's new measurement replaces their old one.
    expect((await s.pings('player17', id, [{ locationId: a, ms: 5 }])).status).toBe(200);
    expect((await s.pings('player17', id, [{ locationId: c, ms: 60 }])).status).toBe(200);
    await s.closeVote(id);
    expect(await s.row(id)).toMatchObject({ statusId: STATUS.mapVeto, locationId: c });
    expect((await s.detail(id)).locationDecidedBy).toBe('ping');
    // After the vote, pings are refused like votes.
    expect((await s.pings('player11', id, [{ locationId: a, ms: 30 }])).status).toBe(422);
  });

  it('a tied vote goes to the tied location with the lowest median ping', async () => {
    const { t, client, locationIds } = s;
    await cancelMatchesInPlay(t.app); // the demo players play one match at a time
    const id = await ladderMatch(t.app, {
      challenger: client('player1'),
      opponentSlug: 'silent-vipers',
      accepter: client('player11'),
    });
    const [a, b, c] = [at(locationIds, 0), at(locationIds, 1), at(locationIds, 3)];
    await s.vote('player1', id, a);
    await s.vote('player11', id, c);
    // b has the lowest ping but no vote: only the tied a and c compete.
    await s.pings('player1', id, [
      { locationId: a, ms: 120 },
      { locationId: b, ms: 1 },
      { locationId: c, ms: 70 },
    ]);
    await s.closeVote(id);
    expect(await s.row(id)).toMatchObject({ statusId: STATUS.mapVeto, locationId: c });
    expect((await s.detail(id)).locationDecidedBy).toBe('ping');
  });

  it('fixed: no vote; a match created before the change keeps voting and, with no votes or pings, takes the lowest id', async () => {
    const { t, client, locationIds } = s;
    await cancelMatchesInPlay(t.app); // the demo players play one match at a time
    // Created while the ladder votes, due in an hour.
    const res = await client('player6').post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'silent-vipers'),
      bestOf: 1,
      startDate: new Date(t.clock.now() + 3_600_000).toISOString(),
    });
    expect(res.status).toBe(201);
    const early = createdAnswer.parse(res.body).data.id;
    expect(
      (await client('player11').post(`/api/v1/match-detail/status/${String(early)}/accept`)).status,
    ).toBe(200);
    expect((await s.row(early)).statusId).toBe(STATUS.scheduled);

    const base = `/api/v1/admin/ladders/${String(ladder)}`;
    const missing = await client('admin').patch(base, { locationRule: 'fixed' });
    expect(missing).toMatchObject({
      status: 422,
      body: {
        errors: {
          fixedLocationId: ['The fixed location id field is required when the location rule is fixed.'],
        },
      },
    });
    const unknown = await client('admin').patch(base, { locationRule: 'fixed', fixedLocationId: 999_999 });
    expect(unknown).toMatchObject({
      status: 422,
      body: { errors: { fixedLocationId: ['The selected fixed location does not exist.'] } },
    });
    expect((await client('admin').patch(base, { locationRule: 'anywhere' })).status).toBe(422);
    const fixedAt = at(locationIds, 4);
    const fixed = expectAnswer(
      await client('admin').patch(base, {
        locationRule: 'fixed',
        fixedLocationId: fixedAt,
        drawsAllowed: false,
      }),
      adminLadderAnswer,
    ).data;
    expect(fixed).toMatchObject({ locationRule: 'fixed', fixedLocationId: fixedAt, drawsAllowed: false });
    expect(expectAnswer(await client('admin').get(base), adminLadderAnswer).data).toMatchObject({
      locationRule: 'fixed',
      fixedLocationId: fixedAt,
    });

    // A new challenge goes straight to the veto at the fixed location.
    const id = await ladderMatch(t.app, {
      challenger: client('player1'),
      opponentSlug: 'iron-phantoms',
      accepter: client('player16'),
    });
    expect(await s.row(id)).toMatchObject({ statusId: STATUS.mapVeto, locationId: fixedAt });
    expect((await s.detail(id)).locationDecidedBy).toBe('fixed');

    // The earlier match keeps the settings it was created with: it votes, and draws stay allowed.
    expect((await s.row(early)).settings).toMatchObject({
      locationRule: 'vote',
      drawsAllowed: true,
      teamSize: 5,
    });
    t.clock.advance(3_600_000);
    await t.app.matchSweeper.sweepOnce(t.clock.now());
    expect((await s.row(early)).statusId).toBe(STATUS.locationSelect);
    await s.closeVote(early);
    expect(await s.row(early)).toMatchObject({ statusId: STATUS.mapVeto, locationId: at(locationIds, 0) });
    expect((await s.detail(early)).locationDecidedBy).toBe('lowest_id');
  });
});

describe('tournament matches: the location vote after the ready check', () => {
  let s: Awaited<ReturnType<typeof setup>>;

  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s.t.close();
  });

  it('both ready → 11; the vote decides; the room says so', async () => {
    const { t, client, locationIds } = s;
    const cup = expectAnswer(await client('admin').get('/api/v1/admin/tournaments'), adminTournamentsAnswer)
      .data[0];
    if (!cup) throw new Error('no seeded tournament');
    const patched = expectAnswer(
      await client('admin').patch(`/api/v1/admin/tournaments/${String(cup.id)}`, { locationRule: 'vote' }),
      adminTournamentAnswer,
    ).data;
    expect(patched).toMatchObject({ locationRule: 'vote', fixedLocationId: null, drawsAllowed: false });
    const start = Date.parse(cup.startDate);
    t.clock.time = start;
    await t.app.matchSweeper.sweepOnce(start);
    await t.app.matchSweeper.sweepOnce(start);
    const [semi] = await t.app.db
      .select()
      .from(matches)
      .where(eq(matches.tournamentId, cup.id))
      .orderBy(matches.id)
      .limit(1);
    if (!semi) throw new Error('no bracket');
    expect(semi.statusId).toBe(STATUS.readyUp);
    const captains = new Map([
      [await teamIdOf(t.app, 'red-dragons'), 'player1'],
      [await teamIdOf(t.app, 'northern-wolves'), 'player6'],
      [await teamIdOf(t.app, 'silent-vipers'), 'player11'],
      [await teamIdOf(t.app, 'iron-phantoms'), 'player16'],
    ]);
    const sides = [semi.challengerTeamId, semi.opponentTeamId].map(
      (teamId) => captains.get(teamId ?? 0) ?? '',
    );
    for (const captain of sides) {
      const ready = await client(captain).post(`/api/v1/match-detail/status/${String(semi.id)}/ready/1`);
      expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    }
    expect((await s.row(semi.id)).statusId).toBe(STATUS.locationSelect);
    const chosen = at(locationIds, 2);
    for (const captain of sides) expect((await s.vote(captain, semi.id, chosen)).status).toBe(200);
    await s.closeVote(semi.id);
    expect(await s.row(semi.id)).toMatchObject({ statusId: STATUS.mapVeto, locationId: chosen });
    expect((await s.detail(semi.id)).locationDecidedBy).toBe('vote');
  });
});
