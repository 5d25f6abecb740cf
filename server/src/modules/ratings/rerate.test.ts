import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderTeams, ratingHistory, teams, users } from '../../db/schema/index.ts';
import { stage } from '../matches/testing.ts';
import { buildTestApp, type TestApp } from '../../test/index.ts';
import { rerateHistory } from './index.ts';

describe('re-rating history (ratings:rerate)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => ({
    teams: await t.app.db
      .select({ id: teams.id, rating: teams.rating, mu: teams.mu, sigma: teams.sigma })
      .from(teams)
      .orderBy(asc(teams.id)),
    ladder: await t.app.db
      .select({
        id: ladderTeams.id,
        rating: ladderTeams.rating,
        mu: ladderTeams.mu,
        sigma: ladderTeams.sigma,
        wins: ladderTeams.wins,
      })
      .from(ladderTeams)
      .orderBy(asc(ladderTeams.id)),
    users: await t.app.db
      .select({ id: users.id, rating: users.elo, mu: users.mu, sigma: users.sigma })
      .from(users)
      .orderBy(asc(users.id)),
  });

  it('replays every standing result in the order it finished and lands on the live ratings', async () => {
    // From newcomers: nothing to replay yet, every rating back to the start.
    expect(await rerateHistory(t.app.db, 1000)).toEqual({ matches: 0 });
    const fresh = await snapshot();
    expect(fresh.teams.every((r) => r.rating === 1000 && r.mu === 25)).toBe(true);

    // Two results rated live, one after the other.
    await stage(t.app, 'finished');
    t.clock.advance(60_000);
    await stage(t.app, 'finished');
    const live = await snapshot();
    expect(live.teams.some((r) => r.rating !== 1000)).toBe(true);
    const liveRows = await t.app.db.select().from(ratingHistory);

    // The stored beliefs drift (a model change, a bad import): the command puts them back.
    await t.app.db.update(teams).set({ rating: 5, mu: 40, sigma: 1 });
    await t.app.db.update(ladderTeams).set({ rating: 5, mu: 40, sigma: 1 });
    expect(await rerateHistory(t.app.db, 1000)).toEqual({ matches: 2 });
    const replayed = await snapshot();
    expect(replayed.teams.map((r) => r.rating)).toEqual(live.teams.map((r) => r.rating));
    expect(replayed.ladder.map((r) => [r.rating, r.wins])).toEqual(
      live.ladder.map((r) => [r.rating, r.wins]),
    );
    replayed.teams.forEach((r, i) => {
      expect(r.mu).toBeCloseTo(live.teams[i]?.mu ?? NaN, 10);
      expect(r.sigma).toBeCloseTo(live.teams[i]?.sigma ?? NaN, 10);
    });
    const rows = await t.app.db.select().from(ratingHistory);
    expect(rows).toHaveLength(liveRows.length);
    expect(rows.every((r) => r.reason === 'match' && r.muBefore !== null)).toBe(true);
  });
});
