// The leaderboards' summary (`leaderboard_entries`, docs/statistics.md "Leaderboards") follows every write that
// moves a list: after each step below (a ladder match finished with its log, disputed, given the other way
// by an admin, a finished match disputed and cancelled, an admin's walkover and awarded result, a solo-queue
// match that moves ten player ratings, a flag changed; a ladder season added over past matches, opened by the
// sweeper (its start moves), closed early by the next one, a match's finish moved out of it, removed) the stored rows
// equal the rows counted here from the raw tables, and every player list of the game answered over HTTP
// (each ladder season's too) equals the list built from those counts.
import { adminSeasonAnswer } from '@versus/common/api/admin';
import {
  fpsLeaderboardAnswer,
  leaderboardOptionsAnswer,
  ratingLeaderboardAnswer,
} from '@versus/common/api/leaderboards';
import { PROVISIONAL_SIGMA } from '@versus/common/match/skill';
import { STATUS } from '@versus/common/match/statuses';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  games,
  ladders,
  ladderSeasons,
  leaderboardEntries,
  matches,
  matchPlayers,
  playerMapStats,
  soloQueues,
  tickets,
  tournaments,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../../test/index.ts';
import { loadMatch } from '../matches/index.ts';
import { approve, postScore, postServerLog, scoreForm, stage, statusOf } from '../matches/testing.ts';
import { stagePickScenario } from '../solo-queue/index.ts';
import { fpsRating } from './fps-rating.ts';

interface Entry {
  userId: number;
  gameId: number;
  key: string;
  matches: number;
  statMatches: number;
  roundsPlayed: number;
  roundsSurvived: number;
  kills: number;
  deaths: number;
  rounds1k: number;
  rounds2k: number;
  rounds3k: number;
  rounds4k: number;
  rounds5k: number;
}
const COUNTERS = [
  'roundsPlayed',
  'roundsSurvived',
  'kills',
  'deaths',
  'rounds1k',
  'rounds2k',
  'rounds3k',
  'rounds4k',
  'rounds5k',
] as const;

describe('the leaderboards summary follows every write', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;
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

  /** The rows the summary should hold, counted in this test from the raw tables. */
  async function reference(): Promise<Map<string, Entry>> {
    const db = t.app.db;
    const counted = await db
      .select()
      .from(matches)
      .where(and(eq(matches.statusId, STATUS.finished), eq(matches.forfeit, false)));
    const seasons = await db.select().from(ladderSeasons);
    const keysOf = new Map(
      counted.map((m) => {
        const keys = ['all'];
        if (m.type === 'solo-queue') keys.push('solo');
        if (m.ladderId !== null) keys.push(`ladder:${String(m.ladderId)}`);
        if (m.tournamentId !== null) keys.push(`tournament:${String(m.tournamentId)}`);
        if (m.soloQueueId !== null) keys.push(`solo-queue:${String(m.soloQueueId)}`);
        // A season of its ladder whose window [start, close or end) holds the match's finish.
        for (const season of seasons) {
          const from = season.startedAt ?? season.startsAt;
          const to = season.closedAt ?? season.endsAt;
          const at = m.finishedAt;
          if (season.ladderId === m.ladderId && at && at >= from && (to === null || at < to))
            keys.push(`ladder-season:${String(season.id)}`);
        }
        return [m.id, { gameId: m.gameId, keys }];
      }),
    );
    const ids = [...keysOf.keys()];
    const played = ids.length
      ? await db.select().from(matchPlayers).where(inArray(matchPlayers.matchId, ids))
      : [];
    const stats = ids.length
      ? await db.select().from(playerMapStats).where(inArray(playerMapStats.matchId, ids))
      : [];
    const out = new Map<string, Entry>();
    const entry = (userId: number, matchId: number) =>
      (keysOf.get(matchId)?.keys ?? []).map((key) => {
        const gameId = keysOf.get(matchId)?.gameId ?? 0;
        const id = `${String(userId)}/${String(gameId)}/${key}`;
        let row = out.get(id);
        if (!row) {
          row = {
            userId,
            gameId,
            key,
            matches: 0,
            statMatches: 0,
            ...Object.fromEntries(COUNTERS.map((c) => [c, 0])),
          } as Entry;
          out.set(id, row);
        }
        return row;
      });
    for (const p of played)
      if (p.side === 1 || p.side === 2) for (const row of entry(p.userId, p.matchId)) row.matches += 1;
    const statMatches = new Set<string>();
    for (const s of stats) {
      if (s.userId === null) continue;
      const first = !statMatches.has(`${String(s.userId)}/${String(s.matchId)}`);
      statMatches.add(`${String(s.userId)}/${String(s.matchId)}`);
      for (const row of entry(s.userId, s.matchId)) {
        if (first) row.statMatches += 1;
        for (const c of COUNTERS) row[c] += s[c];
      }
    }
    return out;
  }

  /** The stored summary equals the reference; every player list of the demo game equals its counted list. */
  async function expectSummaryRight() {
    const db = t.app.db;
    const expected = await reference();
    const people = new Map((await db.select().from(users)).map((u) => [u.id, u]));
    const stored = await db.select().from(leaderboardEntries);
    const storedById = new Map(stored.map((e) => [`${String(e.userId)}/${String(e.gameId)}/${e.key}`, e]));
    expect([...storedById.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [id, want] of expected) {
      const got = storedById.get(id);
      expect(got, id).toMatchObject(want);
      const person = people.get(want.userId);
      expect({ elo: got?.elo, flag: got?.flag }).toEqual({ elo: person?.elo, flag: person?.flag });
      const fps = fpsRating(want);
      if (fps === null) expect(got?.fpsRating).toBeNull();
      else expect(Number(got?.fpsRating)).toBeCloseTo(fps, 2);
    }

    // Over HTTP, every competition of the demo game and the game-wide lists.
    const [game] = await db.select().from(games).where(eq(games.slug, 'cod4'));
    if (!game) throw new Error('no demo game');
    const options = expectAnswer(await admin.get('/api/v1/leaderboards'), leaderboardOptionsAnswer).data;
    const competitions = options.games.find((g) => g.slug === 'cod4')?.competitions ?? [];
    const idOf = async (key: string) => {
      const [type, slug] = key.split(':') as [string, string];
      const table = type === 'ladder' ? ladders : type === 'tournament' ? tournaments : soloQueues;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
      return `${type}:${String(row?.id)}`;
    };
    const lists: { query: string; key: string; fpsKey: string }[] = [
      { query: '', key: 'solo', fpsKey: 'all' },
    ];
    for (const c of competitions) {
      const key = await idOf(c.key);
      lists.push({ query: `&competition=${encodeURIComponent(c.key)}`, key, fpsKey: key });
      for (const season of c.seasons) {
        const [row] = await db
          .select({ id: ladderSeasons.id })
          .from(ladderSeasons)
          .where(
            and(
              eq(ladderSeasons.ladderId, Number(key.split(':')[1])),
              eq(ladderSeasons.number, season.number),
            ),
          );
        const seasonKey = `ladder-season:${String(row?.id)}`;
        lists.push({
          query: `&competition=${encodeURIComponent(c.key)}&season=${String(season.number)}`,
          key: seasonKey,
          fpsKey: seasonKey,
        });
      }
    }
    let nonEmpty = 0;
    for (const list of lists) {
      const ofKey = (key: string) =>
        [...expected.values()].filter((e) => e.gameId === game.id && e.key === key);
      const rating = ofKey(list.key)
        .filter((e) => e.matches > 0)
        .map((e) => ({ userId: e.userId, rating: people.get(e.userId)?.elo ?? 0, matches: e.matches }))
        .sort((a, b) => b.rating - a.rating || a.userId - b.userId);
      const res = await p1.get(`/api/v1/leaderboards/players/rating?perPage=100${list.query}`);
      const answer = expectAnswer(res, ratingLeaderboardAnswer);
      expect(answer.meta.total, list.query).toBe(rating.length);
      expect(
        answer.data.map((r) => ({ userId: r.userId, rating: r.rating, matches: r.matches })),
        list.query,
      ).toEqual(rating);
      for (const r of answer.data) {
        expect(r.rank).toBe(1 + rating.filter((o) => o.rating > r.rating).length);
        expect(r.provisional).toBe((people.get(r.userId)?.sigma ?? 0) > PROVISIONAL_SIGMA);
        expect(r.flag).toBe(people.get(r.userId)?.flag ?? null);
      }
      const fps = ofKey(list.fpsKey)
        .filter((e) => e.statMatches >= 1 && e.roundsPlayed > 0)
        .map((e) => ({
          userId: e.userId,
          fpsRating: fpsRating(e) ?? 0,
          matches: e.statMatches,
          kills: e.kills,
        }))
        .sort((a, b) => b.fpsRating - a.fpsRating || b.matches - a.matches || a.userId - b.userId);
      // The floor of the minimum is 3: the lists are compared with every player's matches made 3 or more.
      const fpsRes = await p1.get(`/api/v1/leaderboards/players/fps?perPage=100&minMatches=3${list.query}`);
      const fpsAnswer = expectAnswer(fpsRes, fpsLeaderboardAnswer);
      const three = fps.filter((e) => e.matches >= 3);
      expect(fpsAnswer.meta.total, list.query).toBe(three.length);
      expect(fpsAnswer.data.map((r) => r.userId)).toEqual(three.map((e) => e.userId));
      nonEmpty += rating.length > 0 ? 1 : 0;
    }
    return { nonEmpty, entries: expected.size, expected };
  }

  const playerIds = async (matchId: number) =>
    (await t.app.db.select().from(matchPlayers).where(eq(matchPlayers.matchId, matchId))).map(
      (p) => p.userId,
    );
  const entriesOf = async (userId: number) =>
    t.app.db.select().from(leaderboardEntries).where(eq(leaderboardEntries.userId, userId));

  it('starts right on the demo world', async () => {
    await expectSummaryRight();
  });

  const DAY = 24 * 3600_000;
  /** The demo ladder (of the staged matches) and its counted matches' finishes, oldest first. */
  async function demoLadder() {
    const probe = await stage(t.app, 'in-progress');
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, probe));
    const ladderId = row?.ladderId ?? 0;
    return { ladderId, finishes: await finishesOf(ladderId) };
  }
  async function finishesOf(ladderId: number) {
    return (
      await t.app.db
        .select({ at: matches.finishedAt })
        .from(matches)
        .where(
          and(
            eq(matches.ladderId, ladderId),
            eq(matches.statusId, STATUS.finished),
            eq(matches.forfeit, false),
          ),
        )
    )
      .map((m) => m.at?.getTime() ?? 0)
      .sort((a, b) => a - b);
  }
  /** The summary's rows (counted from the raw tables) of a ladder season: [player, matches] pairs. */
  const seasonRows = (expected: Map<string, Entry>, seasonId: number) =>
    [...expected.values()]
      .filter((e) => e.key === `ladder-season:${String(seasonId)}` && e.matches > 0)
      .map((e) => [e.userId, e.matches])
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  const matchesOf = (rows: number[][]) => rows.reduce((n, r) => n + (r[1] ?? 0), 0);
  const seasonOf = async (id: number) =>
    (await t.app.db.select().from(ladderSeasons).where(eq(ladderSeasons.id, id)))[0];

  let autumn = 0;
  it("a season added over past matches counts the ladder's matches finished since its start", async () => {
    // Two matches finished a day apart; the season starts between them: the older stays out.
    const older = await stage(t.app, 'finished');
    t.clock.advance(DAY);
    await stage(t.app, 'finished');
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, older));
    const ladderId = row?.ladderId ?? 0;
    const finishes = await finishesOf(ladderId);
    const middle = (row?.finishedAt?.getTime() ?? 0) + DAY / 2;
    expect(finishes[0]).toBeLessThan(middle);
    const res = await admin.post(`/api/v1/admin/ladders/${String(ladderId)}/seasons`, {
      name: 'Autumn',
      startsAt: new Date(middle).toISOString(),
      endsAt: new Date(t.clock.now() + 30 * DAY).toISOString(),
    });
    autumn = expectAnswer(res, adminSeasonAnswer, 201).data.id;
    const { expected } = await expectSummaryRight();
    const inside = finishes.filter((at) => at >= middle).length;
    // Ten players a match (on a side of it).
    expect(matchesOf(seasonRows(expected, autumn))).toBe(inside * 10);
    expect(inside).toBeLessThan(finishes.length);
  });

  it('opened by the sweeper, its start moves to the opening and the matches before it leave', async () => {
    await t.app.matchSweeper.sweepOnce(t.clock.advance(60_000));
    expect((await seasonOf(autumn))?.startedAt?.getTime()).toBe(t.clock.now());
    const { expected } = await expectSummaryRight();
    expect(seasonRows(expected, autumn)).toEqual([]);
  });

  let ladderMatch = 0;
  it('a ladder match finished with its log counts for its ten players, statistics included', async () => {
    ladderMatch = await stage(t.app, 'in-progress');
    await postServerLog(t.app, ladderMatch, { challengerRounds: 13, opponentRounds: 7 });
    // A score equal to the log's finishes the match at once.
    expect((await postScore(p1, ladderMatch, 13, 7)).status).toBe(200);
    expect(await statusOf(p1, ladderMatch)).toBe(STATUS.finished);
    const { nonEmpty, expected } = await expectSummaryRight();
    expect(nonEmpty).toBeGreaterThan(0);
    // The open season holds it.
    expect(matchesOf(seasonRows(expected, autumn))).toBe(10);
    const [first] = await playerIds(ladderMatch);
    const rows = await entriesOf(first ?? 0);
    expect(rows.find((r) => r.key === 'all')).toMatchObject({ statMatches: expect.any(Number) as number });
    expect(rows.some((r) => r.roundsPlayed > 0)).toBe(true);
  });

  it('a dispute takes the match out until an admin gives it the other way', async () => {
    expect(
      (await p6.post(`/api/v1/match-detail/dispute/${String(ladderMatch)}`, { description: 'Wrong score' }))
        .status,
    ).toBe(200);
    expect(await statusOf(p1, ladderMatch)).toBe(STATUS.disputed);
    await expectSummaryRight();
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, ladderMatch));
    const map = (await scoreForm(p1, ladderMatch)).enteredScores[0]?.id;
    const res = await admin.post(`/api/v1/tickets/${String(ticket?.id)}/resolve`, {
      result: 'score',
      scores: [{ id: map, firstScore: 5, secondScore: 13 }],
    });
    expect(res.status).toBe(200);
    expect(await statusOf(p1, ladderMatch)).toBe(STATUS.finished);
    await expectSummaryRight();
  });

  it('a finished match disputed and cancelled stops counting', async () => {
    const id = await stage(t.app, 'finished');
    const before = await reference();
    await expectSummaryRight();
    expect(
      (await p1.post(`/api/v1/match-detail/dispute/${String(id)}`, { description: 'Cheater' })).status,
    ).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, id));
    expect(
      (await admin.post(`/api/v1/tickets/${String(ticket?.id)}/resolve`, { result: 'cancel' })).status,
    ).toBe(200);
    expect(await statusOf(p1, id)).toBe(STATUS.cancelled);
    const after = await reference();
    expect(after).not.toEqual(before);
    await expectSummaryRight();
  });

  it("an admin's walkover does not count, an awarded result does", async () => {
    const walkover = await stage(t.app, 'in-progress');
    const before = await reference();
    const res = await admin.post(`/api/v1/admin/matches/${String(walkover)}/award`, {
      kind: 'walkover',
      absent: 'opponent',
      reason: 'No show',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await reference()).toEqual(before);
    await expectSummaryRight();
    const awarded = await stage(t.app, 'in-progress');
    const won = await admin.post(`/api/v1/admin/matches/${String(awarded)}/award`, {
      kind: 'result',
      winner: 'challenger',
      reason: 'Server logs',
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(await reference()).not.toEqual(before);
    await expectSummaryRight();
  });

  it("a solo-queue result moves ten players' ratings on every row of theirs", async () => {
    const id = await stagePickScenario(t.app.ctx, 'pug-location');
    for (let i = 0; i < 20 && (await statusOf(p1, id)) !== STATUS.inProgress; i += 1) {
      await t.app.matchSweeper.sweepOnce(t.clock.advance(10 * 60_000));
    }
    const record = await loadMatch(t.app.db, id, { lock: false });
    if (!record) throw new Error('no match');
    const { state } = record;
    const before = new Map((await t.app.db.select().from(users)).map((u) => [u.id, u.elo] as const));
    const challengerCaptain = await signIn(t.app, state.challenger.captainUsername ?? '');
    const opponentCaptain = await signIn(t.app, state.opponent.captainUsername ?? '');
    expect((await postScore(challengerCaptain, id, 4, 13)).status).toBe(200);
    expect((await approve(opponentCaptain, id, 1)).status).toBe(200);
    const moved = (await t.app.db.select().from(users)).filter((u) => before.get(u.id) !== u.elo);
    expect(moved.length).toBeGreaterThan(0);
    const { nonEmpty } = await expectSummaryRight();
    expect(nonEmpty).toBeGreaterThan(1);
    for (const u of moved) {
      const rows = await entriesOf(u.id);
      expect(rows.map((r) => r.key)).toContain('solo');
      expect(rows.every((r) => r.elo === u.elo)).toBe(true);
    }
  });

  it('a flag changed is copied to the player rows, and a country list follows', async () => {
    const [player1] = await t.app.db.select().from(users).where(eq(users.username, 'player1'));
    if (!player1) throw new Error('no player1');
    await t.app.db.update(users).set({ flag: 'se' }).where(eq(users.id, player1.id));
    await expectSummaryRight();
    const rows = await entriesOf(player1.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.flag === 'se')).toBe(true);
    const swedes = expectAnswer(
      await p1.get(
        '/api/v1/leaderboards/players/rating?country=se&competition=ladder%3A' + (await ladderSlug()),
      ),
      ratingLeaderboardAnswer,
    );
    expect(swedes.data.map((r) => r.userId)).toContain(player1.id);
  });

  let winter = 0;
  let winterMatch = 0;
  it('a season closed early by the next one keeps the matches before its close', async () => {
    const { ladderId } = await demoLadder();
    const before = seasonRows(await reference(), autumn);
    expect(before.length).toBeGreaterThan(0);
    const res = await admin.post(`/api/v1/admin/ladders/${String(ladderId)}/seasons`, {
      name: 'Winter',
      startsAt: new Date(t.clock.now() + 60_000).toISOString(),
    });
    winter = expectAnswer(res, adminSeasonAnswer, 201).data.id;
    await t.app.matchSweeper.sweepOnce(t.clock.advance(2 * 60_000));
    const closed = await seasonOf(autumn);
    expect(closed?.closedAt?.getTime()).toBe(t.clock.now());
    expect(closed?.closedAt?.getTime()).toBeLessThan(closed?.endsAt?.getTime() ?? 0);
    // A match finished after the close counts in the new season only.
    t.clock.advance(60_000);
    winterMatch = await stage(t.app, 'in-progress');
    const won = await admin.post(`/api/v1/admin/matches/${String(winterMatch)}/award`, {
      kind: 'result',
      winner: 'opponent',
      reason: 'Server logs',
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    const { expected } = await expectSummaryRight();
    expect(seasonRows(expected, autumn)).toEqual(before);
    expect(seasonRows(expected, winter).map((r) => r[0])).toEqual(
      (await playerIds(winterMatch)).sort((a, b) => a - b),
    );
  });

  it("a match's finish moved before the season's start leaves it", async () => {
    const start = (await seasonOf(winter))?.startedAt?.getTime() ?? 0;
    await t.app.db
      .update(matches)
      .set({ finishedAt: new Date(start - 60_000) })
      .where(eq(matches.id, winterMatch));
    const { expected } = await expectSummaryRight();
    expect(seasonRows(expected, winter)).toEqual([]);
  });

  it('a season removed takes its rows with it', async () => {
    expect(seasonRows(await reference(), autumn).length).toBeGreaterThan(0);
    await t.app.db.delete(ladderSeasons).where(eq(ladderSeasons.id, autumn));
    await expectSummaryRight();
    const stored = await t.app.db
      .select()
      .from(leaderboardEntries)
      .where(eq(leaderboardEntries.key, `ladder-season:${String(autumn)}`));
    expect(stored).toEqual([]);
  });

  async function ladderSlug() {
    const [row] = await t.app.db
      .select({ slug: ladders.slug })
      .from(matches)
      .innerJoin(ladders, eq(ladders.id, matches.ladderId))
      .where(eq(matches.id, ladderMatch));
    return row?.slug ?? '';
  }
});
