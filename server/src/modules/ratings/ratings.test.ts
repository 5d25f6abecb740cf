import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPlayers, ratingHistory, tickets } from '../../db/schema/index.ts';
import type { TestClient } from '../../test/app.ts';
import { loadMatch } from '../matches/match.repository.ts';
import { stagePugScenario } from '../solo-queue/pug-scenarios.ts';
import { createEngineTestApp, signIn } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { approve, eloOf, postScore, stage, statusOf, teamRatings } from '../scores/score-test-support.ts';
import { eloDeltas, sideRating } from './elo.ts';

interface ScoreHeader {
  challengerTeam: { winElo: number; lossElo: number; score: number | null };
  opponentTeam: { winElo: number; lossElo: number; score: number | null };
  canShowElo: boolean;
}

describe('ratings over the API', () => {
  let t: EngineTestApp;
  let p1: TestClient; // red-dragons captain (challenger), 1150
  let p6: TestClient; // northern-wolves captain (opponent), 1080
  let admin: TestClient;

  beforeAll(async () => {
    t = await createEngineTestApp();
    [p1, p6, admin] = await Promise.all([
      signIn(t.app, 'player1'),
      signIn(t.app, 'player6'),
      signIn(t.app, 'admin'),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const header = async (id: number) =>
    ((await p1.get(`/api/v1/match-detail/${String(id)}`)).body as { data: { score: ScoreHeader } }).data
      .score;
  const history = (matchId: number) =>
    t.app.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, matchId));

  it('a ladder win moves team and ladder ratings by hand-computed Elo; a resolved dispute reverses it', async () => {
    const id = await stage(t.app, 'in-progress');
    // E(1150 vs 1080) = 0.5994: the challenger stands to win 32 × 0.4006 = 13 or lose 32 × 0.5994 = 19.
    expect(await header(id)).toMatchObject({
      challengerTeam: { winElo: 13, lossElo: 19 },
      opponentTeam: { winElo: 19, lossElo: 13 },
      canShowElo: true,
    });
    expect((await postScore(p1, id, 13, 7)).status).toBe(200);
    expect((await approve(p6, id, 1)).status).toBe(200);
    expect(await teamRatings(t.app, 'red-dragons')).toEqual({
      rating: 1163,
      ladder: 1163,
      wins: 1,
      losses: 0,
    });
    expect(await teamRatings(t.app, 'northern-wolves')).toEqual({
      rating: 1067,
      ladder: 1067,
      wins: 0,
      losses: 1,
    });
    expect(await header(id)).toMatchObject({
      challengerTeam: { winElo: 13, lossElo: 0, score: 1 },
      opponentTeam: { winElo: 0, lossElo: 13, score: 0 },
      canShowElo: true,
    });
    const rows = await history(id);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.reason === 'match' && Math.abs(r.delta) === 13)).toBe(true);

    // The wolves dispute within the window; an admin gives the map to them instead.
    expect(
      (await p6.post(`/api/v1/match-detail/dispute/${String(id)}`, { description: 'Wrong score' })).status,
    ).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, id));
    const mapId = (await p1.get(`/api/v1/match-detail/score/form/${String(id)}`)).body as {
      data: { enteredScores: { id: number }[] };
    };
    const res = await admin.post(`/api/v1/tickets/${String(ticket?.id)}/resolve`, {
      result: 'score',
      scores: [{ id: mapId.data.enteredScores[0]?.id, firstScore: 5, secondScore: 13 }],
    });
    expect(res).toMatchObject({ status: 200 });
    expect(await statusOf(p1, id)).toBe(5);
    // Reversed to 1150 / 1080, then the upset: 32 × 0.5994 = 19.
    expect(await teamRatings(t.app, 'red-dragons')).toEqual({
      rating: 1131,
      ladder: 1131,
      wins: 0,
      losses: 1,
    });
    expect(await teamRatings(t.app, 'northern-wolves')).toEqual({
      rating: 1099,
      ladder: 1099,
      wins: 1,
      losses: 0,
    });
    const after = await history(id);
    expect(after.filter((r) => r.reason === 'reversal')).toHaveLength(4);
    expect(after.filter((r) => r.reason === 'match')).toHaveLength(8);
    expect(await header(id)).toMatchObject({ challengerTeam: { lossElo: 19 }, opponentTeam: { winElo: 19 } });
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
    expect(await statusOf(p1, id)).toBe(7);
    expect(await teamRatings(t.app, 'red-dragons')).toEqual(before);
    expect((await header(id)).canShowElo).toBe(false);
  });

  it('a solo-queue result moves every player by the Elo of the two sides’ mean ratings', async () => {
    const id = await stagePugScenario(t.app.matchEngine, 'pug-location');
    // The location vote, then every veto turn, run out.
    for (let i = 0; i < 20 && (await statusOf(p1, id)) !== 4; i += 1) {
      await t.app.matchSweeper.sweepOnce(t.clock.advance(10 * 60_000));
    }
    const record = await loadMatch(t.app.db, id, { lock: false });
    if (!record) throw new Error('no match');
    const { state } = record;
    expect(state.statusId).toBe(4);
    const players = state.players.filter((p) => p.side === 1 || p.side === 2);
    const before = new Map(
      await Promise.all(players.map(async (p) => [p.userId, await eloOf(t.app, p.userId)] as const)),
    );
    const mean = (side: number) =>
      sideRating(
        players.filter((p) => p.side === side).map((p) => before.get(p.userId) ?? 0),
        1000,
      );
    const expected = eloDeltas({ challenger: mean(1), opponent: mean(2) }, 2, 32);

    const captain = (name: string | null) => signIn(t.app, name ?? '');
    const challengerCaptain = await captain(state.challenger.captainUsername);
    const opponentCaptain = await captain(state.opponent.captainUsername);
    expect((await postScore(challengerCaptain, id, 4, 13)).status).toBe(200);
    expect((await approve(opponentCaptain, id, 1)).status).toBe(200);

    for (const p of players) {
      const delta = p.side === 1 ? expected.challenger : expected.opponent;
      expect(await eloOf(t.app, p.userId)).toBe((before.get(p.userId) ?? 0) + delta);
    }
    expect(expected.opponent).toBeGreaterThan(0);
    const rows = await t.app.db
      .select()
      .from(matchPlayers)
      .where(and(eq(matchPlayers.matchId, id), eq(matchPlayers.side, 2)));
    expect(rows.every((r) => r.ratingDelta === expected.opponent)).toBe(true);
    expect(await history(id)).toHaveLength(players.length);
  });
});
