// League rules over the API (docs/league-rules.md): a team plays a ladder or tournament match only with
// at least the competition's team size of members (joining and signing up may come first), and a user
// captains at most the game's limit of teams (an admin setting, one by default).
import { adminGameAnswer, adminMapPoolsAnswer, adminTournamentAnswer } from '@versus/common/api/admin';
import { challengeAnswer, ladderPageAnswer } from '@versus/common/api/ladders';
import { lineupAnswer, statusActionsAnswer } from '@versus/common/api/matches';
import { createTeamAnswer, teamPageAnswer } from '@versus/common/api/teams';
import { tournamentPageAnswer } from '@versus/common/api/tournaments';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, matches, teamMembers, users } from '../../db/schema/index.ts';
import {
  buildTestApp,
  expectAnswer,
  ladderId,
  signIn,
  teamIdOf,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { hashPassword } from '../users/index.ts';

const HOUR = 3_600_000;

describe('league rules: team size and the captain limit', () => {
  let t: TestApp;
  let admin: TestClient;
  let p1: TestClient; // Red Dragons captain (five members)
  let ladder = 0;
  let password = '';

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signIn('admin');
    p1 = await t.signIn('player1');
    ladder = await ladderId(t.app);
    password = await hashPassword('password');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new user who can sign in with the demo password. */
  async function newUser(username: string): Promise<number> {
    const [u] = await t.app.db
      .insert(users)
      .values({ username, email: `${username}@example.test`, passwordHash: password })
      .returning({ id: users.id });
    if (!u) throw new Error('no user');
    return u.id;
  }

  /** `captain` creates a team through the API; `extra` more new users join it. */
  async function smallTeam(captain: string, name: string, extra: number) {
    await newUser(captain);
    const client = await signIn(t.app, captain);
    const created = await client.post('/api/v1/teams', { name, tag: name.slice(0, 4).toUpperCase() });
    const { slug } = expectAnswer(created, createTeamAnswer, 201).data;
    const teamId = await teamIdOf(t.app, slug);
    for (let i = 1; i <= extra; i++) {
      const userId = await newUser(`${captain}_mate${String(i)}`);
      await t.app.db.insert(teamMembers).values({ teamId, userId });
    }
    return { client, slug, teamId };
  }

  it('a team of two joins the 5v5 ladder but may not challenge, accept or set a lineup', async () => {
    const duo = await smallTeam('duo_cap', 'Duo Squad', 1);
    const joined = await duo.client.post(`/api/v1/ladders/${String(ladder)}/join`, {});
    expect(joined.status).toBe(201);

    const tooSmall = 'Your team needs at least 5 members to play this ladder (it has 2).';
    const wolves = await teamIdOf(t.app, 'northern-wolves');
    const challenge = await duo.client.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: wolves,
    });
    expect(challenge).toMatchObject({
      status: 422,
      body: { message: tooSmall, errors: { teamId: [tooSmall] } },
    });

    // The ladder page offers no Challenge button to the small team, and the challenge form does not list it.
    const page = expectAnswer(await duo.client.get(`/api/v1/ladders/${String(ladder)}`), ladderPageAnswer);
    expect(page.data.standings.some((s) => s.canChallenge)).toBe(false);
    expect(page.data.viewer.challengerTeams).toEqual([]);
    const full = expectAnswer(await p1.get(`/api/v1/ladders/${String(ladder)}`), ladderPageAnswer);
    expect(full.data.standings.find((s) => s.team.id === duo.teamId)?.canChallenge).toBe(true);

    // A full team may challenge it; accepting waits until it has five members.
    const sent = await p1.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: duo.teamId,
    });
    const { id } = expectAnswer(sent, challengeAnswer, 201).data;
    const accept = await duo.client.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(accept).toMatchObject({ status: 422, body: { message: tooSmall } });
    const actions = await duo.client.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect(expectAnswer(actions, statusActionsAnswer).data).toMatchObject({
      canAcceptMatch: false,
      canDeclineMatch: true,
      blockedReason: tooSmall,
    });
    const lineup = await duo.client.get(`/api/v1/match-detail/lineup/${String(id)}`);
    const roster = expectAnswer(lineup, lineupAnswer).data.roster.map((r) => r.id);
    const set = await duo.client.post(`/api/v1/match-detail/lineup/${String(id)}`, { lineup: roster });
    expect(set).toMatchObject({ status: 422, body: { message: tooSmall } });

    // Three more members: the lineup can be full, the captain chooses it and accepts; the veto starts.
    for (let i = 2; i <= 4; i++) {
      const userId = await newUser(`duo_cap_late${String(i)}`);
      await t.app.db.insert(teamMembers).values({ teamId: duo.teamId, userId });
    }
    const five = expectAnswer(
      await duo.client.get(`/api/v1/match-detail/lineup/${String(id)}`),
      lineupAnswer,
    ).data.roster.map((r) => r.id);
    expect(five).toHaveLength(5);
    const chosen = await duo.client.post(`/api/v1/match-detail/lineup/${String(id)}`, { lineup: five });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const ready = await duo.client.get(`/api/v1/match-detail/status/${String(id)}/actions`);
    expect(expectAnswer(ready, statusActionsAnswer).data).toMatchObject({
      canAcceptMatch: true,
      blockedReason: null,
    });
    expect((await duo.client.post(`/api/v1/match-detail/status/${String(id)}/accept`)).status).toBe(200);
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    expect(row?.statusId).toBe(STATUS.mapVeto);
    await admin.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
  });

  it('a tournament team below its size may sign up but not check in or ready up; it forfeits', async () => {
    const start = t.clock.now() + 2 * HOUR;
    const pools = expectAnswer(await admin.get('/api/v1/admin/map-pools'), adminMapPoolsAnswer);
    const created = expectAnswer(
      await admin.post('/api/v1/admin/tournaments', {
        name: 'Size Cup',
        format: 'single_elimination',
        mapPoolId: pools.data[0]?.id,
        teamSize: 5,
        startDate: new Date(start).toISOString(),
        checkInMinutes: 30,
        readyCheckMinutes: 5,
        bestOf: 1,
        finalBestOf: 1,
      }),
      adminTournamentAnswer,
      201,
    );
    const url = `/api/v1/tournaments/${created.data.slug}`;
    const trio = await smallTeam('trio_cap', 'Trio Squad', 2);
    expect((await trio.client.post(`${url}/signup`, {})).status).toBe(200);
    expect((await p1.post(`${url}/signup`, {})).status).toBe(200);

    t.clock.time = start - 20 * 60_000;
    const tooSmall = 'Your team needs at least 5 members to play this tournament (it has 3).';
    const checkIn = await trio.client.post(`${url}/check-in`, {});
    expect(checkIn).toMatchObject({ status: 422, body: { errors: { teamId: [tooSmall] } } });
    const page = expectAnswer(await trio.client.get(url), tournamentPageAnswer);
    expect(page.data.viewer.checkInTeams).toEqual([]);
    const redPage = expectAnswer(await p1.get(url), tournamentPageAnswer);
    expect(redPage.data.viewer.checkInTeams.map((c) => c.slug)).toEqual(['red-dragons']);
    expect((await p1.post(`${url}/check-in`, {})).status).toBe(200);
  });

  it('a bracket match with a team below its size: readying is refused, the ready team wins by forfeit', async () => {
    const start = t.clock.now() + 2 * HOUR;
    const pools = expectAnswer(await admin.get('/api/v1/admin/map-pools'), adminMapPoolsAnswer);
    const created = expectAnswer(
      await admin.post('/api/v1/admin/tournaments', {
        name: 'Forfeit Cup',
        format: 'single_elimination',
        mapPoolId: pools.data[0]?.id,
        teamSize: 5,
        startDate: new Date(start).toISOString(),
        checkInMinutes: 0,
        readyCheckMinutes: 5,
        bestOf: 1,
        finalBestOf: 1,
        locationRule: 'fixed',
        fixedLocationId: 1,
      }),
      adminTournamentAnswer,
      201,
    );
    const url = `/api/v1/tournaments/${created.data.slug}`;
    const solo = await smallTeam('lone_cap', 'Lone Wolf', 0);
    expect((await solo.client.post(`${url}/signup`, {})).status).toBe(200);
    const p11 = await t.signIn('player11');
    expect((await p11.post(`${url}/signup`, {})).status).toBe(200);

    t.clock.time = start;
    await t.app.matchSweeper.sweepOnce(start);
    await t.app.matchSweeper.sweepOnce(start);
    const [match] = await t.app.db.select().from(matches).where(eq(matches.tournamentId, created.data.id));
    expect(match?.statusId).toBe(STATUS.readyUp);
    const id = match?.id ?? 0;
    const tooSmall = 'Your team needs at least 5 members to play this tournament (it has 1).';
    const refused = await solo.client.post(`/api/v1/match-detail/status/${String(id)}/ready/1`);
    expect(refused).toMatchObject({ status: 422, body: { message: tooSmall } });
    const flags = expectAnswer(
      await solo.client.get(`/api/v1/match-detail/status/${String(id)}/actions`),
      statusActionsAnswer,
    ).data;
    expect(flags).toMatchObject({ canSetReady: false, blockedReason: tooSmall });
    expect((await p11.post(`/api/v1/match-detail/status/${String(id)}/ready/1`)).status).toBe(200);

    await t.app.matchSweeper.sweepOnce(start + 5 * 60_000);
    const [after] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    const vipersSide = after?.challengerTeamId === (await teamIdOf(t.app, 'silent-vipers')) ? 1 : 2;
    expect(after).toMatchObject({ statusId: STATUS.finished, forfeit: true, winnerSide: vipersSide });
  });

  it('one team per game by default; an admin raises the limit; a transfer beyond it is refused', async () => {
    const second = await p1.post('/api/v1/teams', { name: 'Red Reserve', tag: 'RRS' });
    const limitOne =
      'You already captain 1 team in Call of Duty 4; a player may captain at most 1 team per game.';
    expect(second).toMatchObject({
      status: 422,
      body: { message: limitOne, errors: { gameId: [limitOne] } },
    });

    const [game] = await t.app.db.select().from(games).limit(1);
    const gameId = game?.id ?? 0;
    const edited = expectAnswer(
      await admin.patch(`/api/v1/admin/games/${String(gameId)}`, { maxCaptainedTeams: 2 }),
      adminGameAnswer,
    );
    expect(edited.data.maxCaptainedTeams).toBe(2);
    expect(
      (await admin.patch(`/api/v1/admin/games/${String(gameId)}`, { maxCaptainedTeams: 0 })).status,
    ).toBe(422);
    expect((await p1.post('/api/v1/teams', { name: 'Red Reserve', tag: 'RRS' })).status).toBe(201);

    // player1 is also on Northern Wolves: its captain may not hand them a third captaincy.
    const wolves = await teamIdOf(t.app, 'northern-wolves');
    const [u1] = await t.app.db.select().from(users).where(eq(users.username, 'player1'));
    await t.app.db.insert(teamMembers).values({ teamId: wolves, userId: u1?.id ?? 0 });
    const p6 = await t.signIn('player6');
    const team = expectAnswer(await p6.get('/api/v1/teams/northern-wolves'), teamPageAnswer).data;
    const flags = new Map(team.roster.map((m) => [m.username, m.canMakeCaptain]));
    expect(flags.get('player1')).toBe(false);
    expect(flags.get('player7')).toBe(true);
    const transfer = await p6.post('/api/v1/teams/northern-wolves/captain', { userId: u1?.id });
    const limitTwo =
      'player1 already captains 2 teams in Call of Duty 4; a player may captain at most 2 teams per game.';
    expect(transfer).toMatchObject({
      status: 422,
      body: { message: limitTwo, errors: { userId: [limitTwo] } },
    });
  });

  it('two team creations at once by one user: only one passes the limit', async () => {
    const [game] = await t.app.db.select().from(games).limit(1);
    await admin.patch(`/api/v1/admin/games/${String(game?.id ?? 0)}`, { maxCaptainedTeams: 1 });
    await newUser('racer');
    const racer = await signIn(t.app, 'racer');
    const both = await Promise.all([
      racer.post('/api/v1/teams', { name: 'Race One', tag: 'RC1' }),
      racer.post('/api/v1/teams', { name: 'Race Two', tag: 'RC2' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
  });
});
