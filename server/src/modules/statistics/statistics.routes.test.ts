import { expectAnswer, buildTestApp, type TestApp, signIn } from '../../test/index.ts';
import { matchStatisticsAnswer } from '@versus/common/api/statistics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsPlayerView } from '@versus/common/stats/statistics';
import { matchMaps } from '../../db/schema/index.ts';
import { generateMatchLog } from './log-generator.ts';
import { proposedScores } from './proposed-scores.ts';
import { recordSimulatedMatchLog } from './simulated-log.ts';
import { createMatchFixture, nameLogPlayers, type MatchFixture } from './testing.ts';
import { CRASH_LOG, STRIKE_LOG } from './test-logs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
});
afterAll(async () => {
  await t.close();
});

function postLog(fixture: MatchFixture, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/game-server-log/${fixture.matchId}`,
    headers: { authorization: `Bearer ${fixture.serverToken}`, ...headers },
    ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
  });
}

function find(players: StatisticsPlayerView[], username: string): StatisticsPlayerView {
  const player = players.find((p) => p.username === username);
  if (!player) throw new Error(`no ${username} in ${players.map((p) => p.username).join(', ')}`);
  return player;
}

describe('game server log ingestion and statistics (hand-written log)', () => {
  let fixture: MatchFixture;

  beforeAll(async () => {
    fixture = await createMatchFixture(t.app);
    // Alpha and Bravo by roster in-game name (colour codes and case ignored), Charlie by a known GUID,
    // Delta by nothing at all (gets the side of his team-mates).
    await nameLogPlayers(t.app, fixture, { bravo: '^1bRaVo' });
  });

  it('refuses a missing, wrong or foreign token', async () => {
    const other = await createMatchFixture(t.app);
    const body = { batchId: 'x', lines: [] };
    expect((await postLog({ ...fixture, serverToken: '' }, body)).statusCode).toBe(401);
    expect((await postLog({ ...fixture, serverToken: `${fixture.serverToken}x` }, body)).statusCode).toBe(
      401,
    );
    expect((await postLog({ ...fixture, serverToken: other.serverToken }, body)).statusCode).toBe(401);
    expect((await postLog(fixture, { batchId: 'x', lines: 'nope' })).statusCode).toBe(422);
  });

  it('counts a batch sent twice once', async () => {
    const first = await postLog(fixture, { batchId: 'b1', lines: CRASH_LOG });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: { batchId: 'b1', accepted: true, lines: CRASH_LOG.length, maps: ['mp_crash'] },
    });
    const again = await postLog(fixture, { batchId: 'b1', lines: CRASH_LOG });
    expect(again.json()).toMatchObject({ data: { accepted: false } });

    // The raw text form, batch id in a header.
    const text = await postLog(fixture, STRIKE_LOG.join('\n'), {
      'content-type': 'text/plain',
      'x-batch-id': 'b2',
    });
    expect(text.json()).toMatchObject({ data: { accepted: true, maps: ['mp_crash', 'mp_strike'] } });
  });

  it('saves the map scores read from the log and proposes them', async () => {
    const rows = await t.app.db.select().from(matchMaps).where(eq(matchMaps.matchId, fixture.matchId));
    const crash = rows.find((r) => r.id === fixture.matchMapIds.get('mp_crash'));
    const strike = rows.find((r) => r.id === fixture.matchMapIds.get('mp_strike'));
    expect([crash?.logFirstScore, crash?.logSecondScore]).toEqual([2, 1]);
    expect([strike?.logFirstScore, strike?.logSecondScore]).toEqual([0, 2]);
    expect(await proposedScores(t.app.db, fixture.matchId)).toEqual([
      {
        id: fixture.matchMapIds.get('mp_crash'),
        mapId: fixture.mapIds.get('mp_crash'),
        mapName: 'Crash',
        firstScore: 2,
        secondScore: 1,
      },
      {
        id: fixture.matchMapIds.get('mp_strike'),
        mapId: fixture.mapIds.get('mp_strike'),
        mapName: 'Strike',
        firstScore: 0,
        secondScore: 2,
      },
    ]);
  });

  it('answers the statistics in the spec shape for signed-in users only', async () => {
    const url = `/api/v1/match-detail/statistics/${fixture.matchId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const client = await signIn(t.app, 'player15');
    expect((await client.get('/api/v1/match-detail/statistics/999999')).status).toBe(404);
    const res = await client.get(url);
    expect(res.status).toBe(200);
    const { data } = expectAnswer(res, matchStatisticsAnswer);
    expect(data.gameSlug).toBe('cod4');
    const crashId = String(fixture.mapIds.get('mp_crash'));
    const strikeId = String(fixture.mapIds.get('mp_strike'));
    expect(data.mapsPlayed.map((m) => [String(m.id), m.name, m.firstScore, m.secondScore])).toEqual([
      [crashId, 'Crash', 2, 1],
      [strikeId, 'Strike', 0, 2],
    ]);
    expect(data.teams.firstTeam).toMatchObject({ name: 'Red Dragons', fullScore: 1 });
    expect(data.teams.secondTeam).toMatchObject({ name: 'Northern Wolves', fullScore: 1 });

    const alpha = find(data.teams.firstTeam.players, 'player1');
    expect(alpha.stats).toMatchObject({
      total_kills: 2,
      total_deaths: 2,
      total_damage_done: 160,
      total_defuses: 1,
      kd_ratio: 1,
      total_score: 15,
    });
    expect(alpha.maps[crashId]).toMatchObject({ total_kills: 2, total_deaths: 1, kd_ratio: 2 });
    expect(alpha.maps[strikeId]).toMatchObject({ total_kills: 0, total_deaths: 1 });
    expect(find(data.teams.firstTeam.players, 'player2').stats).toMatchObject({
      total_assists: 1,
      total_deaths: 3,
    });
    expect(find(data.teams.secondTeam.players, 'player6').stats).toMatchObject({
      total_kills: 2,
      total_plants: 1,
    });
    // Delta matched no account: listed by in-game name on the side of his team-mates.
    expect(find(data.teams.secondTeam.players, 'Delta')).toMatchObject({
      userId: null,
      flag: null,
      stats: { total_assists: 1, total_kills: 1 },
    });
    // Roster players who never appeared in the log show dashes (nulls).
    expect(find(data.teams.firstTeam.players, 'player5').stats.fps_rating).toBeNull();
    expect(find(data.teams.firstTeam.players, 'player5').maps).toEqual({});
  });

  // Encoded once for every reader of the match version: the same bytes with their ETag, 304 when held.
  it('answers the statistics with an ETag, and 304 to a reader holding them', async () => {
    const url = `/api/v1/match-detail/statistics/${fixture.matchId}`;
    const first = await (await signIn(t.app, 'player15')).get(url);
    const second = await (await signIn(t.app, 'player16')).get(url);
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toEqual(first.body);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await (await signIn(t.app, 'player15')).get(url, { 'if-none-match': String(etag) });
    expect(again.status).toBe(304);
    expect(again.body === null || again.body === '').toBe(true);
  });
});

describe('statistics of a generated match log', () => {
  it('credits every player (by username) and has ratings on every map', async () => {
    const fixture = await createMatchFixture(t.app);
    const side = (from: number) =>
      [0, 1, 2, 3, 4].map((i) => ({ guid: String(from + i).padStart(32, '0'), name: `player${from + i}` }));
    const { lines, results } = generateMatchLog({
      seed: 7,
      challenger: side(1),
      opponent: side(6),
      maps: [
        { nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 7 },
        { nameCmd: 'mp_strike', challengerRounds: 11, opponentRounds: 13 },
      ],
    });
    // Posted in chunks, as a log shipper would.
    for (let i = 0; i < lines.length; i += 400) {
      const res = await postLog(fixture, { batchId: `chunk-${i}`, lines: lines.slice(i, i + 400) });
      expect(res.statusCode).toBe(200);
    }
    const client = await signIn(t.app, 'admin');
    const { data } = expectAnswer(
      await client.get(`/api/v1/match-detail/statistics/${fixture.matchId}`),
      matchStatisticsAnswer,
    );
    expect(data.mapsPlayed.map((m) => [m.firstScore, m.secondScore])).toEqual(
      results.map((r) => [r.challengerRounds, r.opponentRounds]),
    );
    expect(data.teams.firstTeam.fullScore).toBe(1);
    for (const team of [data.teams.firstTeam, data.teams.secondTeam]) {
      expect(team.players).toHaveLength(5);
      for (const p of team.players) {
        expect(p.userId).not.toBeNull();
        expect(Object.keys(p.stats).sort()).toEqual([
          'fps_rating',
          'kd_ratio',
          'total_assists',
          'total_damage_done',
          'total_deaths',
          'total_defuses',
          'total_kills',
          'total_plants',
          'total_score',
        ]);
        expect(p.stats.fps_rating).toBeGreaterThan(0);
        expect(Object.keys(p.maps)).toHaveLength(2);
      }
      const ratings = team.players.map((p) => p.stats.fps_rating ?? 0);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    }
  });
});

describe('recordSimulatedMatchLog', () => {
  it('stores a generated log that agrees with the entered map scores', async () => {
    const fixture = await createMatchFixture(t.app);
    await t.app.db
      .update(matchMaps)
      .set({ firstScore: 13, secondScore: 4 })
      .where(eq(matchMaps.id, fixture.matchMapIds.get('mp_crash') ?? 0));
    const log = await recordSimulatedMatchLog(t.app.db, fixture.matchId, { seed: 3, now: new Date() });
    expect(log.results[0]).toEqual({ nameCmd: 'mp_crash', challengerRounds: 13, opponentRounds: 4 });
    const proposed = await proposedScores(t.app.db, fixture.matchId);
    expect(proposed.map((p) => [p.firstScore, p.secondScore])).toEqual(
      log.results.map((r) => [r.challengerRounds, r.opponentRounds]),
    );
    // Running it again (same seed) adds nothing: the batches are the same.
    await recordSimulatedMatchLog(t.app.db, fixture.matchId, { seed: 3, now: new Date() });
    expect(await proposedScores(t.app.db, fixture.matchId)).toEqual(proposed);
  });
});
