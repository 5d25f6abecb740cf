// An admin awards a result or a walkover over HTTP, and every follow-up of a result is visible: the room's
// explanation, the ladder standings, ratings (moved for a result, not for a walkover), notifications, the
// game server's release, the tournament bracket; and the explanations of other endings (a declined
// challenge, a missed ready check) in the room and on the profiles.
import { awardAnswer, awardOptionsAnswer } from '@versus/common/api/results';
import { matchDetailAnswer } from '@versus/common/api/matches';
import { canDisputeSchema } from '@versus/common/api/disputes';
import { dataOf } from '@versus/common/api/primitives';
import { ladderPageAnswer } from '@versus/common/api/ladders';
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { tournamentPageAnswer } from '@versus/common/api/tournaments';
import { userProfileAnswer } from '@versus/common/api/users';
import { AWARD_TEXTS } from '@versus/common/match/award';
import { STATUS } from '@versus/common/match/statuses';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameServers, matches, notifications, ratingHistory, teams } from '../../db/schema/index.ts';
import { stageScenario } from '../dev/index.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  expectAnswer,
  makeTeams,
  makeTournament,
  signIn,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';

const LADDER = 'cod4-5v5-ladder';
const HOUR = 3_600_000;

describe('awarding a result', () => {
  let t: TestApp;
  let admin: TestClient;
  let p1: TestClient;
  let p6: TestClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t.app, 'admin');
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
  });
  afterAll(async () => {
    await t.close();
  });

  const stage = async (name: 'in-progress' | 'ladder-challenge' | 'ladder-veto' | 'tournament-ready') =>
    (await stageScenario(t.app.ctx, name)).matchId;
  const award = (client: TestClient, id: number, body: unknown) =>
    client.post(`/api/v1/admin/matches/${String(id)}/award`, body);
  const detail = async (client: TestClient, id: number) =>
    expectAnswer(await client.get(`/api/v1/match-detail/${String(id)}`), matchDetailAnswer).data;
  const standing = async (slug: string) => {
    const page = expectAnswer(await t.client().get(`/api/v1/ladders/${LADDER}`), ladderPageAnswer).data;
    const row = page.standings.find((s) => s.team.slug === slug);
    if (!row) throw new Error(`${slug} is not on the ladder`);
    return row;
  };
  const teamRating = async (slug: string) =>
    (await t.app.db.select({ rating: teams.rating }).from(teams).where(eq(teams.slug, slug)))[0]?.rating;

  it('is for admins only: 401 signed out, 403 for players (the match unchanged), 404 for no match', async () => {
    const id = await stage('ladder-veto');
    const walkover = { kind: 'walkover', absent: 'opponent', reason: 'No show' };
    expect((await award(t.client(), id, walkover)).status).toBe(401);
    expect(await award(p1, id, walkover)).toMatchObject({ status: 403 });
    expect((await p1.get(`/api/v1/admin/matches/${String(id)}/award`)).status).toBe(403);
    expect((await detail(p1, id)).statusId).toBe(STATUS.mapVeto);
    expect((await award(admin, 999_999, walkover)).status).toBe(404);
  });

  it('refuses bad input with 422 and writes nothing: no reason, an unknown kind or side, a long reason', async () => {
    const id = await stage('ladder-veto');
    const noReason = await award(admin, id, { kind: 'walkover', absent: 'opponent', reason: '   ' });
    expect(noReason).toMatchObject({
      status: 422,
      body: { errors: { reason: ['The reason field is required.'] } },
    });
    const kind = await award(admin, id, { kind: 'forfeit', reason: 'x' });
    expect(kind.status).toBe(422);
    const side = await award(admin, id, { kind: 'walkover', absent: 'both', reason: 'x' });
    expect(side.status).toBe(422);
    const long = await award(admin, id, { kind: 'result', winner: 'challenger', reason: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect((await detail(admin, id)).statusId).toBe(STATUS.mapVeto);
  });

  it('a walkover in play: finished, explained in the room, no rating moves, standings count it, server released', async () => {
    const id = await stage('in-progress');
    const [server] = await t.app.db.select().from(gameServers).where(eq(gameServers.matchId, id));
    expect(server?.destroyedAt).toBeNull();
    const before = {
      dragons: await standing('red-dragons'),
      wolves: await standing('northern-wolves'),
      dragonsRating: await teamRating('red-dragons'),
      wolvesRating: await teamRating('northern-wolves'),
    };
    const options = expectAnswer(
      await admin.get(`/api/v1/admin/matches/${String(id)}/award`),
      awardOptionsAnswer,
    );
    expect(options.data).toMatchObject({
      canAward: true,
      refusal: null,
      challenger: { name: 'Red Dragons' },
      opponent: { name: 'Northern Wolves' },
      drawsAllowed: true,
    });
    expect(options.data.maps).toHaveLength(1);

    const answer = await award(admin, id, {
      kind: 'walkover',
      absent: 'opponent',
      reason: 'Northern Wolves never joined the server',
    });
    expect(expectAnswer(answer, awardAnswer)).toEqual({
      message: AWARD_TEXTS.awarded,
      data: { id, statusId: STATUS.finished },
    });

    const room = await detail(p1, id);
    expect(room.information.statusName).toBe('Finished');
    expect(room.outcome).toMatchObject({
      kind: 'walkover',
      headline: 'Walkover: Northern Wolves did not show',
      detail: 'Result awarded by admin: Northern Wolves never joined the server',
      ratingsNote: 'A walkover does not change ratings.',
      rated: false,
      maps: [],
    });
    expect(room.score.canShowElo).toBe(false);
    expect(await teamRating('red-dragons')).toBe(before.dragonsRating);
    expect(await teamRating('northern-wolves')).toBe(before.wolvesRating);
    expect(await t.app.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id))).toEqual([]);
    const after = { dragons: await standing('red-dragons'), wolves: await standing('northern-wolves') };
    expect(after.dragons).toMatchObject({ wins: before.dragons.wins + 1, rating: before.dragons.rating });
    expect(after.wolves).toMatchObject({ losses: before.wolves.losses + 1, rating: before.wolves.rating });

    const [released] = await t.app.db.select().from(gameServers).where(eq(gameServers.matchId, id));
    expect(released?.destroyedAt).not.toBeNull();
    // Both teams are told, through the notification panel.
    const panel = notificationsPageSchema.parse((await p6.get('/api/v1/notification?page=1')).body);
    expect(panel.data[0]?.message).toContain('by walkover');
    expect(panel.data[0]?.data.redirectUrl).toBe(`/match/${String(id)}`);
    expect(t.published.some((p) => p.channel === `match-detail-update.${String(id)}`)).toBe(true);

    // A result an admin decided is final: nobody disputes it, and a second award is refused.
    const dispute = expectAnswer(
      await p6.get(`/api/v1/match-detail/dispute/${String(id)}/can-dispute`),
      dataOf(canDisputeSchema),
    );
    expect(dispute.data.canDispute).toBe(false);
    const opened = await p6.post(`/api/v1/match-detail/dispute/${String(id)}`, { description: 'unfair' });
    expect(opened).toMatchObject({ status: 422, body: { message: AWARD_TEXTS.noDispute } });
    const again = await award(admin, id, { kind: 'result', winner: 'opponent', reason: 'changed my mind' });
    expect(again).toMatchObject({ status: 422, body: { message: AWARD_TEXTS.finished } });

    // The profiles tell it the same way, and say whose rating a number is.
    const profile = expectAnswer(await t.client().get('/api/v1/users/player6'), userProfileAnswer).data;
    expect(profile.recentMatches.find((m) => m.id === id)).toMatchObject({
      result: 'loss',
      forfeit: true,
      outcomeText:
        'Walkover: Northern Wolves did not show. Result awarded by admin: Northern Wolves never joined the server',
      ratingDelta: null,
      ratingOf: 'team',
    });
  });

  it('a result with map scores: rated like a played match, per-map scores stay in the room', async () => {
    const id = await stage('in-progress');
    const options = expectAnswer(
      await admin.get(`/api/v1/admin/matches/${String(id)}/award`),
      awardOptionsAnswer,
    );
    const map = options.data.maps[0];
    if (!map) throw new Error('no played map');
    const disagree = await award(admin, id, {
      kind: 'result',
      winner: 'challenger',
      scores: [{ id: map.id, firstScore: 4, secondScore: 13 }],
      reason: 'Server crashed at 13-4; captains agreed',
    });
    expect(disagree).toMatchObject({ status: 422, body: { message: AWARD_TEXTS.scoresDisagree } });
    const unknownMap = await award(admin, id, {
      kind: 'result',
      winner: 'opponent',
      scores: [{ id: 999_999, firstScore: 4, secondScore: 13 }],
      reason: 'x',
    });
    expect(unknownMap.status).toBe(422);

    const ok = await award(admin, id, {
      kind: 'result',
      winner: 'opponent',
      scores: [{ id: map.id, firstScore: 4, secondScore: 13 }],
      reason: 'Server crashed at 13-4; captains agreed',
    });
    expect(ok.status).toBe(200);
    const room = await detail(p1, id);
    expect(room.outcome).toMatchObject({
      kind: 'won',
      headline: 'Northern Wolves won',
      detail: 'Result awarded by admin: Server crashed at 13-4; captains agreed',
      ratingsNote: null,
      rated: true,
      maps: [{ id: map.id, name: map.name, firstScore: 4, secondScore: 13 }],
    });
    expect(room.score).toMatchObject({ canShowScore: true, canShowElo: true });
    expect(room.score.opponentTeam.score).toBe(1);
    expect(room.score.opponentTeam.winElo).toBeGreaterThan(0);
    const rows = await t.app.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id));
    expect(rows.length).toBeGreaterThan(0);
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'result-awarded'), inArray(notifications.userId, [1, 6])));
    expect(told.length).toBeGreaterThan(0);
  });

  it('a draw only where the competition allows it; a bare winner needs no scores', async () => {
    const id = await stage('ladder-challenge');
    // The ladder allows draws: an awarded draw before the match was even accepted.
    const drawn = await award(admin, id, {
      kind: 'result',
      winner: 'draw',
      reason: 'Both teams asked for it',
    });
    expect(drawn.status).toBe(200);
    expect((await detail(p1, id)).outcome).toMatchObject({
      kind: 'draw',
      headline: 'Draw',
      detail: 'Result awarded by admin: Both teams asked for it',
    });
    const cup = await stage('tournament-ready');
    const refused = await award(admin, cup, { kind: 'result', winner: 'draw', reason: 'x' });
    expect(refused).toMatchObject({ status: 422, body: { message: AWARD_TEXTS.drawNotAllowed } });
  });

  it('a declined challenge says who declined, in the room and on the profile', async () => {
    const id = await stage('ladder-challenge');
    const declined = await p6.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
    expect(declined.status).toBe(200);
    const room = await detail(t.client(), id);
    expect(room.information.statusName).toBe('Cancelled');
    expect(room.outcome).toMatchObject({ kind: 'declined', headline: 'Declined by Northern Wolves' });
    const profile = expectAnswer(await t.client().get('/api/v1/users/player1'), userProfileAnswer).data;
    expect(profile.recentMatches.find((m) => m.id === id)?.outcomeText).toBe('Declined by Northern Wolves');
  });

  it('the Versus tile counts the lineups being drafted, not the captains picked so far', async () => {
    const id = (await stageScenario(t.app.ctx, 'pug-pick')).matchId;
    const room = await detail(t.client(), id);
    expect(room.statusId).toBe(STATUS.playerSelect);
    expect(room.teams.challenger.players).toHaveLength(1);
    expect(room.information.playerBaseCount).toBe('5 vs 5');
  });

  it('a missed ready check is a walkover too: explained, and no rating moves', async () => {
    await cancelMatchesInPlay(t.app); // the matches above hold the same players (one match at a time)
    const id = await stage('tournament-ready');
    const ratings = async () =>
      (
        await t.app.db.select({ slug: teams.slug, rating: teams.rating, sigma: teams.sigma }).from(teams)
      ).filter((r) => r.slug === 'red-dragons' || r.slug === 'northern-wolves');
    const before = await ratings();
    expect((await p1.post(`/api/v1/match-detail/status/${String(id)}/ready/1`)).status).toBe(200);
    t.clock.advance(10 * 60_000);
    await t.app.matchSweeper.sweepOnce();
    const room = await detail(p1, id);
    expect(room.outcome).toMatchObject({
      kind: 'forfeit',
      headline: 'Walkover: Northern Wolves did not ready up in time',
      detail: null,
      ratingsNote: 'A walkover does not change ratings.',
      rated: false,
    });
    expect(await ratings()).toEqual(before);
  });
});

describe('awarding results in a tournament', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a walkover and an awarded result send both winners on: the final is drawn with them', async () => {
    const start = t.clock.now() + 2 * HOUR;
    const made = await makeTeams(t.app, 4);
    const tournament = await makeTournament(
      t.app,
      start,
      made.map((m) => m.id),
    );
    await t.app.matchSweeper.sweepOnce(start);
    const semis = await t.app.db
      .select()
      .from(matches)
      .where(eq(matches.tournamentId, tournament.id))
      .orderBy(matches.bracketPosition);
    const [semi1, semi2] = semis;
    if (!semi1 || !semi2 || semi1.challengerTeamId === null || semi2.opponentTeamId === null) {
      throw new Error('expected two semi-finals with their teams');
    }
    const ratingOf = async (teamId: number) =>
      (await t.app.db.select({ rating: teams.rating }).from(teams).where(eq(teams.id, teamId)))[0]?.rating;
    const semi1Ratings = [await ratingOf(semi1.challengerTeamId), await ratingOf(semi1.opponentTeamId ?? 0)];

    const walkover = await admin.post(`/api/v1/admin/matches/${String(semi1.id)}/award`, {
      kind: 'walkover',
      absent: 'opponent',
      reason: 'Did not check in on Discord',
    });
    expect(walkover.status).toBe(200);
    const result = await admin.post(`/api/v1/admin/matches/${String(semi2.id)}/award`, {
      kind: 'result',
      winner: 'opponent',
      reason: 'Challenger admitted a cheat',
    });
    expect(result.status).toBe(200);

    const final = (await t.app.db.select().from(matches).where(eq(matches.tournamentId, tournament.id))).find(
      (m) => m.id !== semi1.id && m.id !== semi2.id,
    );
    expect([final?.challengerTeamId, final?.opponentTeamId].sort()).toEqual(
      [semi1.challengerTeamId, semi2.opponentTeamId].sort(),
    );
    const page = expectAnswer(
      await t.client().get(`/api/v1/tournaments/${tournament.slug}`),
      tournamentPageAnswer,
    ).data;
    const first = page.bracket.stages[0]?.groups[0]?.rounds[0]?.matches ?? [];
    expect(first.find((m) => m.id === semi1.id)).toMatchObject({ statusId: STATUS.finished, forfeit: true });
    // The walkover moved no rating; the awarded result did.
    expect([await ratingOf(semi1.challengerTeamId), await ratingOf(semi1.opponentTeamId ?? 0)]).toEqual(
      semi1Ratings,
    );
    expect(
      (await t.app.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, semi2.id))).length,
    ).toBeGreaterThan(0);
  });
});
