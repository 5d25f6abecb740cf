import { STATUS } from '@versus/common/match/statuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPlayers, ratingHistory, tickets, users } from '../../db/schema/index.ts';
import { loadMatch } from '../matches/index.ts';
import { stagePickScenario } from '../solo-queue/index.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../../test/index.ts';
import { approve, postScore, stage, statusOf, teamRatings } from '../matches/testing.ts';
import { matchDetailAnswer } from '@versus/common/api/matches';
import { matchRatingsAnswer } from '@versus/common/api/ratings';
import { scoreFormAnswer } from '@versus/common/api/scores';
import { displayRating, rateResult, winProbability } from '@versus/common/match/skill';

describe('ratings over the API', () => {
  let t: TestApp;
  let p1: TestClient; // red-dragons captain (challenger), 1150
  let p6: TestClient; // northern-wolves captain (opponent), 1080
  let admin: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    [p1, p6, admin] = await Promise.all([
      signIn(t.app, 'player1'),
      signIn(t.app, 'player6'),
      signIn(t.app, 'admin'),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const detail = async (id: number) =>
    expectAnswer(await p1.get(`/api/v1/match-detail/${String(id)}`), matchDetailAnswer).data;
  const header = async (id: number) => (await detail(id)).score;
  const ratings = async (id: number) =>
    expectAnswer(await p1.get(`/api/v1/match-detail/ratings/${String(id)}`), matchRatingsAnswer).data;
  const storedRating = async (userId: number) => {
    const [row] = await t.app.db
      .select({ rating: users.elo, mu: users.mu, sigma: users.sigma })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new Error('no user');
    return row;
  };
  const history = (matchId: number) =>
    t.app.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, matchId));

  it('a ladder match: win probability and stakes before, the model’s change after; a resolved dispute reverses it', async () => {
    const id = await stage(t.app, 'in-progress');
    // The demo teams are newcomers' beliefs around their displayed ratings: 1150 → μ 31.25, 1080 → μ 28.33,
    // both σ 25/3. c = √(2 × (25/3)² + 2 × (25/6)²) = 13.176; P = 1 / (1 + e^(−2.9167 / 13.176)) = 0.5551.
    const before = await detail(id);
    expect(before.winProbability.challenger).toBeCloseTo(0.5551, 4);
    expect(before.winProbability.challenger + before.winProbability.opponent).toBeCloseTo(1, 12);
    // Stakes from the model's preview: red dragons 1150 → 1225 on a win (+75), wolves 1080 → 1043 (−37).
    expect(before.score).toMatchObject({
      challengerTeam: { winElo: 75, lossElo: 51 },
      opponentTeam: { winElo: 89, lossElo: 37 },
      canShowElo: true,
    });
    expect(before.teams.challenger.provisional).toBe(true);
    const preview = await ratings(id);
    expect(preview).toMatchObject({ rated: false, outcome: null, winProbability: before.winProbability });
    expect(preview.entries.map((e) => [e.subject, e.side, e.before.rating, e.after])).toEqual([
      ['team', 'challenger', 1150, null],
      ['ladder', 'challenger', 1150, null],
      ['team', 'opponent', 1080, null],
      ['ladder', 'opponent', 1080, null],
    ]);

    expect((await postScore(p1, id, 13, 7)).status).toBe(200);
    expect((await approve(p6, id, 1)).status).toBe(200);
    expect(await teamRatings(t.app, 'red-dragons')).toEqual({
      rating: 1225,
      ladder: 1225,
      wins: 1,
      losses: 0,
    });
    expect(await teamRatings(t.app, 'northern-wolves')).toEqual({
      rating: 1043,
      ladder: 1043,
      wins: 0,
      losses: 1,
    });
    const after = await detail(id);
    expect(after.score).toMatchObject({
      challengerTeam: { winElo: 75, lossElo: 0, score: 1 },
      opponentTeam: { winElo: 0, lossElo: 37, score: 0 },
      canShowElo: true,
    });
    // The probability the match was rated with stays on the page.
    expect(after.winProbability).toEqual(before.winProbability);
    const breakdown = await ratings(id);
    expect(breakdown).toMatchObject({ rated: true, outcome: 'challenger' });
    const ladderRow = breakdown.entries.find((e) => e.subject === 'ladder' && e.side === 'challenger');
    expect(ladderRow?.before).toMatchObject({ rating: 1150, provisional: true });
    expect(ladderRow?.before.mu).toBeCloseTo(31.25, 10);
    expect(ladderRow?.after?.mu).toBeCloseTo(33.5949, 3);
    expect(ladderRow?.after?.sigma).toBeCloseTo(8.0692, 3);
    expect(ladderRow).toMatchObject({ delta: 75, after: { rating: 1225 } });
    const rows = await history(id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.reason === 'match' && r.muBefore !== null && r.winProbability !== null)).toBe(
      true,
    );

    // The wolves dispute within the window; an admin gives the map to them instead.
    expect(
      (await p6.post(`/api/v1/match-detail/dispute/${String(id)}`, { description: 'Wrong score' })).status,
    ).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, id));
    const mapId = expectAnswer(
      await p1.get(`/api/v1/match-detail/score/form/${String(id)}`),
      scoreFormAnswer,
    );
    const res = await admin.post(`/api/v1/tickets/${String(ticket?.id)}/resolve`, {
      result: 'score',
      scores: [{ id: mapId.data.enteredScores[0]?.id, firstScore: 5, secondScore: 13 }],
    });
    expect(res).toMatchObject({ status: 200 });
    expect(await statusOf(p1, id)).toBe(STATUS.finished);
    // Reversed to 1150 / 1080 (μ and σ back), then the upset: the wolves gain 89, the dragons lose 51.
    expect(await teamRatings(t.app, 'red-dragons')).toEqual({
      rating: 1099,
      ladder: 1099,
      wins: 0,
      losses: 1,
    });
    expect(await teamRatings(t.app, 'northern-wolves')).toEqual({
      rating: 1169,
      ladder: 1169,
      wins: 1,
      losses: 0,
    });
    const all = await history(id);
    expect(all.filter((r) => r.reason === 'reversal')).toHaveLength(4);
    expect(all.filter((r) => r.reason === 'match')).toHaveLength(8);
    expect((await detail(id)).score).toMatchObject({
      challengerTeam: { lossElo: 51 },
      opponentTeam: { winElo: 89 },
    });
    const resolved = await ratings(id);
    expect(resolved.outcome).toBe('opponent');
    expect(resolved.entries).toHaveLength(4);
    expect(resolved.entries.find((e) => e.subject === 'ladder' && e.side === 'opponent')).toMatchObject({
      before: { rating: 1080 },
      after: { rating: 1169 },
      delta: 89,
    });
  });

  it('an admin cancelling a disputed finished match takes its rating change back', async () => {
    const before = await teamRatings(t.app, 'red-dragons');
    const id = await stage(t.app, 'finished');
    expect((await teamRatings(t.app, 'red-dragons')).rating).toBeGreaterThan(before.rating);
    expect(
      (await p1.post(`/api/v1/match-detail/dispute/${String(id)}`, { description: 'Cheater' })).status,
    ).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, id));
    expect(
      (await admin.post(`/api/v1/tickets/${String(ticket?.id)}/resolve`, { result: 'cancel' })).status,
    ).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.cancelled);
    expect(await teamRatings(t.app, 'red-dragons')).toEqual(before);
    expect((await header(id)).canShowElo).toBe(false);
  });

  it('a solo-queue result moves every player by the model, each by their own uncertainty', async () => {
    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    // The location vote, then every veto turn, run out.
    for (let i = 0; i < 20 && (await statusOf(p1, id)) !== 4; i += 1) {
      await t.app.matchSweeper.sweepOnce(t.clock.advance(10 * 60_000));
    }
    const record = await loadMatch(t.app.db, id, { lock: false });
    if (!record) throw new Error('no match');
    const { state } = record;
    expect(state.statusId).toBe(STATUS.inProgress);
    const players = state.players.filter((p) => p.side === 1 || p.side === 2);
    const stored = new Map(
      await Promise.all(players.map(async (p) => [p.userId, await storedRating(p.userId)] as const)),
    );
    const skills = (side: number) =>
      players
        .filter((p) => p.side === side)
        .map((p) => {
          const s = stored.get(p.userId);
          return { mu: s?.mu ?? 0, sigma: s?.sigma ?? 0 };
        });
    const sides = { challenger: skills(1), opponent: skills(2) };
    const p = winProbability(sides);
    const shown = await detail(id);
    expect(shown.winProbability.challenger).toBeCloseTo(p.challenger, 12);
    expect(shown.winProbability.challenger + shown.winProbability.opponent).toBeCloseTo(1, 12);
    expect(shown.teams.challenger.players.every((pl) => pl.provisional)).toBe(true);
    const expected = rateResult(sides, 'opponent');

    const captain = (name: string | null) => signIn(t.app, name ?? '');
    const challengerCaptain = await captain(state.challenger.captainUsername);
    const opponentCaptain = await captain(state.opponent.captainUsername);
    expect((await postScore(challengerCaptain, id, 4, 13)).status).toBe(200);
    expect((await approve(opponentCaptain, id, 1)).status).toBe(200);

    const deltas = new Map<number, number>();
    for (const side of [1, 2] as const) {
      const key = side === 1 ? 'challenger' : 'opponent';
      const onSide = players.filter((pl) => pl.side === side);
      for (const [i, pl] of onSide.entries()) {
        const was = stored.get(pl.userId);
        const next = expected[key][i];
        if (!was || !next) throw new Error('missing rating');
        const delta = displayRating(next, 1000) - displayRating({ mu: was.mu, sigma: was.sigma }, 1000);
        deltas.set(pl.userId, delta);
        const now = await storedRating(pl.userId);
        expect(now.rating).toBe(was.rating + delta);
        expect(now.mu).toBeCloseTo(next.mu, 10);
        expect(now.sigma).toBeCloseTo(next.sigma, 10);
        // Winners up, losers down.
        expect(Math.sign(delta)).toBe(side === 2 ? 1 : -1);
      }
    }
    const rows = await t.app.db
      .select()
      .from(matchPlayers)
      .where(and(eq(matchPlayers.matchId, id), eq(matchPlayers.side, 2)));
    expect(rows.every((r) => r.ratingDelta === deltas.get(r.userId))).toBe(true);
    expect(await history(id)).toHaveLength(players.length);
    const breakdown = await ratings(id);
    expect(breakdown).toMatchObject({ rated: true, outcome: 'opponent' });
    expect(breakdown.winProbability.opponent).toBeCloseTo(p.opponent, 12);
    expect(breakdown.entries).toHaveLength(players.length);
    for (const e of breakdown.entries) {
      expect(e.subject).toBe('player');
      expect(e.delta).toBe(deltas.get(e.userId ?? 0));
      expect(e.after?.rating).toBe(e.before.rating + (e.delta ?? 0));
    }
  });
});
