import { adminSeasonAnswer, adminSeasonsAnswer } from '@versus/common/api/admin';
import { ladderPageAnswer, ladderSeasonAnswer } from '@versus/common/api/ladders';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { teamPageAnswer } from '@versus/common/api/teams';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderTeams } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, ladderId, type TestApp, type TestClient } from '../../test/index.ts';
import { SEASON_TEXTS, softReset } from './ladder-seasons.ts';

const DAY = 86_400_000;

describe('ladder seasons', () => {
  let t: TestApp;
  let admin: TestClient;
  let id: number;
  let slug: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signIn('admin');
    id = await ladderId(t.app);
    const page = expectAnswer(await t.client().get(`/api/v1/ladders/${String(id)}`), ladderPageAnswer);
    slug = page.data.slug;
  });
  afterAll(async () => {
    await t.close();
  });

  const standings = async () =>
    t.app.db.select().from(ladderTeams).where(eq(ladderTeams.ladderId, id)).orderBy(asc(ladderTeams.teamId));
  /** Arranges the standings as if matches had been played (the rating rules are tested elsewhere). */
  const setStandings = async (rows: { rating: number; wins: number; losses: number }[]) => {
    for (const [i, row] of (await standings()).entries()) {
      const next = rows[i % rows.length];
      if (next) await t.app.db.update(ladderTeams).set(next).where(eq(ladderTeams.id, row.id));
    }
  };

  it('soft reset: halfway back to the start rating', () => {
    expect(softReset(1200, 1000)).toBe(1100);
    expect(softReset(900, 1000)).toBe(950);
    expect(softReset(1001, 1000)).toBe(1001);
  });

  it('an admin adds seasons; each must start after the one before', async () => {
    const url = `/api/v1/admin/ladders/${String(id)}/seasons`;
    const now = t.clock.now();
    const s1 = await admin.post(url, {
      name: 'Season 1',
      startsAt: new Date(now + DAY).toISOString(),
      endsAt: new Date(now + 30 * DAY).toISOString(),
    });
    expect(expectAnswer(s1, adminSeasonAnswer, 201).data).toMatchObject({ number: 1, startedAt: null });
    const early = await admin.post(url, { name: 'Too early', startsAt: new Date(now).toISOString() });
    expect(expectAnswer(early, validationErrorAnswer, 422).errors.startsAt).toEqual([
      SEASON_TEXTS.startsBeforePrevious,
    ]);
    const backwards = await admin.post(url, {
      name: 'Backwards',
      startsAt: new Date(now + 40 * DAY).toISOString(),
      endsAt: new Date(now + 39 * DAY).toISOString(),
    });
    expect(expectAnswer(backwards, validationErrorAnswer, 422).errors.endsAt).toBeDefined();
    const s2 = await admin.post(url, { name: 'Season 2', startsAt: new Date(now + 40 * DAY).toISOString() });
    expect(expectAnswer(s2, adminSeasonAnswer, 201).data.number).toBe(2);
    expect(expectAnswer(await admin.get(url), adminSeasonsAnswer).data).toHaveLength(2);
    expect((await (await t.signIn('player1')).post(url, {})).status).toBe(403);
    const page = expectAnswer(await t.client().get(`/api/v1/ladders/${slug}`), ladderPageAnswer);
    expect(page.data.seasons.map((s) => [s.number, s.status])).toEqual([
      [1, 'upcoming'],
      [2, 'upcoming'],
    ]);
  });

  it('a season opens with ratings softly reset, closes with its standings kept, and the next resets again', async () => {
    const start = t.clock.now();
    await setStandings([
      { rating: 1200, wins: 8, losses: 2 },
      { rating: 900, wins: 1, losses: 9 },
    ]);
    const before = await standings();
    await t.app.matchSweeper.sweepOnce(start + DAY);
    const opened = await standings();
    expect(opened.map((r) => r.rating)).toEqual(before.map((r) => softReset(r.rating, 1000)));
    expect(opened.every((r) => r.wins === 0 && r.losses === 0 && r.draws === 0)).toBe(true);
    let page = expectAnswer(await t.client().get(`/api/v1/ladders/${slug}`), ladderPageAnswer);
    expect(page.data.seasons[0]?.status).toBe('current');
    const empty = expectAnswer(await t.client().get(`/api/v1/ladders/${slug}/seasons/1`), ladderSeasonAnswer);
    expect(empty.data.standings).toEqual([]);

    // Season 1 is played, then ends: its table is kept as it stood.
    await setStandings([
      { rating: 1050, wins: 3, losses: 1 },
      { rating: 1130, wins: 6, losses: 0 },
    ]);
    await t.app.matchSweeper.sweepOnce(start + 30 * DAY);
    const final = expectAnswer(await t.client().get(`/api/v1/ladders/${slug}/seasons/1`), ladderSeasonAnswer);
    expect(final.data.season.status).toBe('finished');
    expect(final.data.standings[0]).toMatchObject({ rank: 1, rating: 1130, wins: 6 });
    expect(final.data.standings.map((s) => s.rank)).toEqual(final.data.standings.map((_, i) => i + 1));
    const champion = final.data.standings[0]?.team.slug ?? '';
    const team = expectAnswer(await t.client().get(`/api/v1/teams/${champion}`), teamPageAnswer);
    expect(team.data.seasonHistory).toEqual([
      expect.objectContaining({ season: { number: 1, name: 'Season 1' }, rank: 1, rating: 1130, wins: 6 }),
    ]);

    // Off-season play counts toward the standing that season 2 resets from.
    const offSeason = await standings();
    await t.app.matchSweeper.sweepOnce(start + 40 * DAY);
    const second = await standings();
    expect(second.map((r) => r.rating)).toEqual(offSeason.map((r) => softReset(r.rating, 1000)));
    expect(new Set(second.map((r) => r.rating))).toEqual(new Set([1025, 1065]));
    page = expectAnswer(await t.client().get(`/api/v1/ladders/${slug}`), ladderPageAnswer);
    expect(page.data.seasons.map((s) => s.status)).toEqual(['finished', 'current']);
    const again = expectAnswer(await t.client().get(`/api/v1/ladders/${slug}/seasons/1`), ladderSeasonAnswer);
    expect(again.data.standings).toEqual(final.data.standings);
    expect((await t.client().get(`/api/v1/ladders/${slug}/seasons/9`)).status).toBe(404);
  });
});
