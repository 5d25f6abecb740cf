// Draws: a 12–12 map on a ladder (draws allowed by default) is a drawn series, rated
// as a shared rank by the rating model, counted in the ladder's `draws` and shown in the score header and the match history; a
// tournament (draws not allowed) refuses the same score.
import { ladderPageAnswer } from '@versus/common/api/ladders';
import { matchDetailAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { userProfileAnswer } from '@versus/common/api/users';
import { displayRating, rateResult } from '@versus/common/match/skill';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { STATUS } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderTeams, teams, users } from '../../../db/schema/index.ts';
import { buildTestApp, cancelMatchesInPlay, expectAnswer, ladderId } from '../../../test/index.ts';
import type { TestApp, TestClient } from '../../../test/index.ts';
import { approve, postScore, stage, statusOf } from '../testing.ts';

describe('draws', () => {
  let t: TestApp;
  let p1: TestClient; // Red Dragons captain (challenger)
  let p6: TestClient; // Northern Wolves captain (opponent)
  let admin: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await t.signIn('player1');
    p6 = await t.signIn('player6');
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const standing = async (slug: string) => {
    const [row] = await t.app.db
      .select({
        rating: ladderTeams.rating,
        wins: ladderTeams.wins,
        losses: ladderTeams.losses,
        draws: ladderTeams.draws,
        mu: ladderTeams.mu,
        sigma: ladderTeams.sigma,
      })
      .from(ladderTeams)
      .innerJoin(teams, eq(teams.id, ladderTeams.teamId))
      .where(eq(teams.slug, slug));
    if (!row) throw new Error(`no standing for ${slug}`);
    const { mu, sigma, ...rest } = row;
    return { ...rest, skill: { mu, sigma } };
  };

  it('a 12–12 map on a ladder is a draw in the standings, the ratings, the header and the history', async () => {
    const id = await stage(t.app, 'in-progress');
    // An admin switches draws off while the match is played: the match keeps the rule it was created with.
    expect(
      (await admin.patch(`/api/v1/admin/ladders/${String(await ladderId(t.app))}`, { drawsAllowed: false }))
        .status,
    ).toBe(200);
    const [red, wolves] = [await standing('red-dragons'), await standing('northern-wolves')];
    const submitted = await postScore(p1, id, 12, 12);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await approve(p6, id, 1)).status).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.finished);

    // Rated as a draw (a shared rank in the rating model): the favourite's μ comes down, the underdog's goes
    // up, both beliefs narrow; each displayed rating moves by the model's change.
    const before = { challenger: [red.skill], opponent: [wolves.skill] };
    const after = rateResult(before, 'draw');
    const moved = (was: { mu: number; sigma: number }, next: { mu: number; sigma: number } | undefined) =>
      displayRating(next ?? was, 1000) - displayRating(was, 1000);
    const [redAfter, wolvesAfter] = [await standing('red-dragons'), await standing('northern-wolves')];
    expect(redAfter.skill.mu).toBeLessThan(red.skill.mu);
    expect(wolvesAfter.skill.mu).toBeGreaterThan(wolves.skill.mu);
    expect(redAfter.skill.mu).toBeCloseTo(after.challenger[0]?.mu ?? NaN, 10);
    expect({ ...redAfter, skill: null }).toEqual({
      ...red,
      skill: null,
      rating: red.rating + moved(red.skill, after.challenger[0]),
      draws: red.draws + 1,
    });
    expect({ ...wolvesAfter, skill: null }).toEqual({
      ...wolves,
      skill: null,
      rating: wolves.rating + moved(wolves.skill, after.opponent[0]),
      draws: wolves.draws + 1,
    });

    const ladder = expectAnswer(await t.client().get('/api/v1/ladders/1'), ladderPageAnswer);
    expect(ladder.data.standings.find((s) => s.team.slug === 'red-dragons')?.draws).toBe(red.draws + 1);

    const detail = expectAnswer(
      await t.client().get(`/api/v1/match-detail/${String(id)}`),
      matchDetailAnswer,
    );
    expect(detail.data.score.draw).toBe(true);
    expect(detail.data.score.challengerTeam).toMatchObject({ score: 0, scoreClass: 'text-warning' });

    const profile = expectAnswer(await t.client().get('/api/v1/users/player1'), userProfileAnswer);
    expect(profile.data.recentMatches.find((m) => m.id === id)?.result).toBe('draw');

    // A ladder match created after the change refuses a level map.
    const next = await stage(t.app, 'in-progress');
    const level = await postScore(p1, next, 12, 12);
    expect(level.status).toBe(422);
    expect(level.body).toMatchObject({ message: MATCH_TEXTS.scoreMapTied });
    expect(
      (await admin.patch(`/api/v1/admin/ladders/${String(await ladderId(t.app))}`, { drawsAllowed: true }))
        .status,
    ).toBe(200);
  });

  it('a tournament refuses a level map', async () => {
    await cancelMatchesInPlay(t.app); // the ladder matches above hold the same players
    const id = await stage(t.app, 'tournament-ready');
    for (const client of [p1, p6]) {
      const ready = await client.post(`/api/v1/match-detail/status/${String(id)}/ready/1`);
      expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    }
    const captains = new Map<number, TestClient>();
    for (const [name, client] of [
      ['player1', p1],
      ['player6', p6],
    ] as const) {
      const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, name));
      captains.set(u?.id ?? 0, client);
    }
    for (let i = 0; i < 10; i += 1) {
      const veto = expectAnswer(await t.client().get(`/api/v1/match/${String(id)}`), vetoMatchAnswer);
      if (veto.data.statusId !== STATUS.mapVeto || !veto.data.vetoDetail) break;
      const client = captains.get(veto.data.vetoDetail.userId);
      const map = veto.data.maps.find((m) => m.removedByTeamId === null && m.pickedByTeamId === null);
      if (!client || !map) throw new Error('no turn');
      expect((await client.post(`/api/v1/match/${String(id)}/map/${String(map.id)}`)).status).toBe(200);
    }
    expect(await statusOf(p1, id)).toBe(STATUS.inProgress);
    const level = await postScore(p1, id, 12, 12);
    expect(level.status).toBe(422);
    expect(level.body).toMatchObject({ message: MATCH_TEXTS.scoreMapTied });
    expect((await postScore(p1, id, 13, 11)).status).toBe(200);
  });
});
