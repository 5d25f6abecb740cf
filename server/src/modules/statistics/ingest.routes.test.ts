// Log ingest in linear time, through the log route: a long match posted in many batches answers the same
// statistics and live score as the same log posted in one batch; a batch adds to the match's fold and writes
// only the rows it changed; a fold lost (an app restart) is rebuilt once from the stored log.
import { expectAnswer, buildTestApp, type TestApp, signIn } from '../../test/index.ts';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { liveScoreAnswer } from '@versus/common/api/game-servers';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, playerMapStats } from '../../db/schema/index.ts';
import { appendMatchLog } from '../match-log/index.ts';
import { generateMatchLog } from './log-generator.ts';
import { createMatchLogStatistics } from './match-log-statistics.ts';
import { createMatchFixture, type MatchFixture } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
});
afterAll(async () => {
  await t.close();
});

const MAPS = ['mp_crash', 'mp_strike'];

/** A long best-of-two log: warm-up, restart, 25 rounds on each map, then mp_crash cut mid-round and replayed. */
function longLog(): string[] {
  const player = (i: number) => ({ guid: `guid${i}`, name: `player${i}` });
  const log = generateMatchLog({
    seed: 23,
    challenger: [1, 2, 3, 4, 5].map(player),
    opponent: [6, 7, 8, 9, 10].map(player),
    maps: [
      { nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 12 },
      { nameCmd: 'mp_strike', challengerRounds: 10, opponentRounds: 13 },
    ],
  }).lines;
  const strikeStart = log.findIndex((l) => l.includes('mapname\\mp_strike'));
  // mp_strike dies in the middle of its 6th round; the new server plays it again from the start.
  const roundEnds = log.flatMap((l, i) => (i > strikeStart && l.includes(' RW;') ? [i] : []));
  const cut = (roundEnds[4] ?? 0) + 9;
  return [...log.slice(0, cut), ...log.slice(strikeStart)];
}

function post(fixture: MatchFixture, batchId: string, lines: string[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/game-server-log/${fixture.matchId}`,
    headers: { authorization: `Bearer ${fixture.serverToken}` },
    payload: { batchId, lines },
  });
}

async function answers(fixture: MatchFixture) {
  const client = await signIn(t.app, 'player1');
  const stats = expectAnswer(
    await client.get(`/api/v1/match-detail/statistics/${fixture.matchId}`),
    matchStatisticsAnswer,
  ).data;
  const live = expectAnswer(await client.get(`/api/v1/match/${fixture.matchId}/live-score`), liveScoreAnswer);
  // Match map ids differ between the two matches; the rest must not.
  return { stats, live: live.data.maps.map(({ id: _id, ...map }) => map) };
}

async function storedRows(fixture: MatchFixture) {
  return t.app.db
    .select({
      id: playerMapStats.id,
      matchMapId: playerMapStats.matchMapId,
      updatedAt: playerMapStats.updatedAt,
    })
    .from(playerMapStats)
    .where(eq(playerMapStats.matchId, fixture.matchId))
    .orderBy(asc(playerMapStats.id));
}

async function version(fixture: MatchFixture): Promise<number> {
  const [row] = await t.app.db
    .select({ version: matches.version })
    .from(matches)
    .where(eq(matches.id, fixture.matchId));
  return row?.version ?? -1;
}

describe('a long match log posted in many batches', () => {
  const lines = longLog();

  // Over 120 requests in a row each (both tests): on a machine loaded by other work, longer than the default 30 s.
  it('answers the statistics and live score of the same log posted at once', async () => {
    const whole = await createMatchFixture(t.app, { mapNames: MAPS });
    const split = await createMatchFixture(t.app, { mapNames: MAPS });
    expect((await post(whole, 'all', lines)).statusCode).toBe(200);

    // 120 batches of uneven sizes (some of one line, cutting rounds and InitGames anywhere).
    let at = 0;
    let n = 0;
    let crashRows: Awaited<ReturnType<typeof storedRows>> = [];
    while (at < lines.length) {
      const size = 1 + ((n * 7) % 31);
      const res = await post(split, `b${n}`, lines.slice(at, at + size));
      expect(res.statusCode).toBe(200);
      at += size;
      n++;
      // Once mp_crash is over, its rows are never written again (the batches touch mp_strike only).
      if (crashRows.length === 0 && lines.slice(0, at).some((l) => l.includes('mapname\\mp_strike'))) {
        const crashId = split.matchMapIds.get('mp_crash');
        crashRows = (await storedRows(split)).filter((r) => r.matchMapId === crashId);
      }
    }
    expect(n).toBeGreaterThan(100);
    expect(crashRows).toHaveLength(10);
    const crashId = split.matchMapIds.get('mp_crash');
    expect((await storedRows(split)).filter((r) => r.matchMapId === crashId)).toEqual(crashRows);

    const expected = await answers(whole);
    const got = await answers(split);
    expect(got.stats).toEqual(expected.stats);
    expect(got.live).toEqual(expected.live);
    // The log's result: 13:12 on mp_crash, 10:13 on mp_strike (its replay), every player with his rounds.
    expect(got.live.map((m) => [m.nameCmd, m.firstScore, m.secondScore])).toEqual([
      ['mp_crash', 13, 12],
      ['mp_strike', 10, 13],
    ]);
    const players = [...got.stats.teams.firstTeam.players, ...got.stats.teams.secondTeam.players];
    expect(players.map((p) => p.username).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `player${i + 1}`).sort(),
    );
    // Each player played every round of mp_crash (25) and of mp_strike's replay (23), none counted twice.
    const rounds = await t.app.db
      .select({ matchMapId: playerMapStats.matchMapId, roundsPlayed: playerMapStats.roundsPlayed })
      .from(playerMapStats)
      .where(eq(playerMapStats.matchId, split.matchId));
    const strikeId = split.matchMapIds.get('mp_strike');
    expect(rounds.map((r) => r.roundsPlayed).sort()).toEqual([
      ...Array<number>(10).fill(23),
      ...Array<number>(10).fill(25),
    ]);
    expect(rounds.filter((r) => r.matchMapId === strikeId).every((r) => r.roundsPlayed === 23)).toBe(true);

    // A batch that changes nothing writes nothing: no new match version.
    const before = await version(split);
    expect((await post(split, 'chat', ['99:00 say;guid1;0;player1;gg'])).statusCode).toBe(200);
    expect(await version(split)).toBe(before);
  }, 120_000);

  it('rebuilds a lost fold once from the stored log and goes on batch by batch', async () => {
    const whole = await createMatchFixture(t.app, { mapNames: MAPS });
    const split = await createMatchFixture(t.app, { mapNames: MAPS });
    expect((await post(whole, 'all', lines)).statusCode).toBe(200);
    const append = (subscribers: ReturnType<typeof createMatchLogStatistics>, from: number, to: number) =>
      t.app.db.transaction((tx) =>
        appendMatchLog(
          tx,
          split.gameServerId,
          { matchId: split.matchId, batchId: `s${from}`, lines: lines.slice(from, to), now: new Date() },
          subscribers,
        ),
      );
    const half = Math.floor(lines.length / 2);
    const first = createMatchLogStatistics();
    for (let at = 0; at < half; at += 50) await append(first, at, Math.min(at + 50, half));
    expect(first.folds.rebuilds).toBe(1);
    // The app restarted: a new instance has no fold and rebuilds it from the stored log at its first batch.
    const restarted = createMatchLogStatistics();
    for (let at = half; at < lines.length; at += 50)
      await append(restarted, at, Math.min(at + 50, lines.length));
    expect(restarted.folds.rebuilds).toBe(1);
    // The first instance's fold is stale now (it missed the other's batches): it rebuilds instead of adding.
    await append(first, lines.length, lines.length);
    expect(first.folds.rebuilds).toBe(2);

    expect(await answers(split)).toEqual(await answers(whole));
  }, 120_000);
});
