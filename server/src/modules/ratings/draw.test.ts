// Draws (the rules helper adds ladder draws, rated 0.5): the model API rates a draw outcome, so the result
// path only has to hand it `outcome: 'draw'`.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderTeams, matches, ratingHistory, teams } from '../../db/schema/index.ts';
import { stage } from '../matches/testing.ts';
import { buildTestApp, type TestApp } from '../../test/index.ts';
import { rateResultOf } from './ratings.service.ts';

describe('a drawn ladder match', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pulls the favourite down and the underdog up, counts a draw each, and records the inputs', async () => {
    const id = await stage(t.app, 'in-progress');
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    if (!row?.ladderId || !row.challengerTeamId || !row.opponentTeamId) throw new Error('not a ladder match');
    const ladderId = row.ladderId;
    const standing = async (teamId: number) => {
      const [s] = await t.app.db
        .select()
        .from(ladderTeams)
        .where(and(eq(ladderTeams.ladderId, ladderId), eq(ladderTeams.teamId, teamId)));
      if (!s) throw new Error('no standing');
      return s;
    };
    const favourite = await standing(row.challengerTeamId); // Red Dragons, 1150
    const underdog = await standing(row.opponentTeamId); // Northern Wolves, 1080

    await t.app.db.transaction((tx) =>
      rateResultOf(
        tx,
        {
          matchId: id,
          kind: 'ladder',
          ladderId,
          teamIds: { challenger: row.challengerTeamId, opponent: row.opponentTeamId },
          players: [],
          outcome: 'draw',
          countRecord: true,
        },
        1000,
        t.clock.now(),
      ),
    );

    const f = await standing(row.challengerTeamId ?? 0);
    const u = await standing(row.opponentTeamId ?? 0);
    expect(f.mu).toBeLessThan(favourite.mu);
    expect(u.mu).toBeGreaterThan(underdog.mu);
    expect(f.sigma).toBeLessThan(favourite.sigma);
    expect([f.wins, f.losses, f.draws, u.wins, u.losses, u.draws]).toEqual([0, 0, 1, 0, 0, 1]);
    const [team] = await t.app.db
      .select()
      .from(teams)
      .where(eq(teams.id, row.opponentTeamId ?? 0));
    expect(team?.mu).toBeGreaterThan(underdog.mu);
    const rows = await t.app.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.winProbability !== null && r.muAfter !== null)).toBe(true);
    const [rated] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    expect(rated?.challengerWinProbability).toBeCloseTo(0.5551, 4);
  });
});
