// The leaderboards from a known world of their own game ("lbgame"), written straight to the database: every
// rank, figure and total below is counted by hand from the rows in `buildWorld` (the FPS ratings with the
// formula of docs/statistics.md worked out in the comments), never by the code under test.
import { createdApiTokenAnswer } from '@versus/common/api/api-tokens';
import {
  fpsLeaderboardAnswer,
  leaderboardOptionsAnswer,
  ratingLeaderboardAnswer,
  teamLeaderboardAnswer,
} from '@versus/common/api/leaderboards';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  games,
  ladderSeasons,
  ladderSeasonStandings,
  ladderTeams,
  ladders,
  mapPools,
  maps,
  matches,
  matchMaps,
  matchPlayers,
  playerMapStats,
  soloQueues,
  teams,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, TestClient, type TestApp } from '../../test/index.ts';

let t: TestApp;
const anonymous = () => new TestClient(t.app);

const FEB = new Date('2026-02-10T12:00:00Z');
const APR = new Date('2026-04-10T12:00:00Z');

/*
 * Players (flag, rating, σ; registered in this order) and their matches in lbgame. Every statistics row is one
 * map of 10 rounds in which each kill came in a round of its own (1-kill rounds = kills):
 *   ann  de 1300 σ5  3 solo-queue matches, 10 kills 5 survived each
 *   bob  fr 1250 σ8  4 solo-queue matches,  6 kills 3 survived each (provisional)
 *   cat  de 1250 σ5  3 solo-queue matches,  6 kills 3 survived each
 *   dan  fr 1100 σ5  2 solo-queue matches,  8 kills 4 survived each
 *   gus  de 1200 σ5  2 solo-queue matches and 1 cancelled one, 9 kills 6 survived each
 *   ivy  de 2000 σ5  1 solo-queue walkover (a forfeit: no game played), no statistics
 *   eve  de 1400 σ5  4 ladder matches (3 finished in February, season 1; 1 in April, season 2), 7 kills 4 survived
 *   hal  -  1000 σ5  the same 4 ladder matches, no statistics row (no log line of his)
 *   fay  us 1500 σ5  3 solo-queue matches of another game, 10 kills 8 survived
 * FPS per round (k kills, s survivals per round): 2.5 × (k/0.7 + 0.7 × s/0.3 + k/1.3) / 2.7
 *   ann k 1.0 s 0.5: 2.5 × (1.428571 + 1.166667 + 0.769231) / 2.7 = 3.115249 → 3.12
 *   bob, cat k 0.6 s 0.3: 2.5 × (0.857143 + 0.7 + 0.461538) / 2.7 = 1.869149 → 1.87
 *   dan k 0.8 s 0.4: 2.5 × (1.142857 + 0.933333 + 0.615385) / 2.7 = 2.492199 → 2.49
 *   gus k 0.9 s 0.6: 2.5 × (1.285714 + 1.4 + 0.692308) / 2.7 = 3.127798 → 3.13
 *   eve k 0.7 s 0.4: 2.5 × (1.0 + 0.933333 + 0.538462) / 2.7 = 2.288699 → 2.29
 */
async function buildWorld() {
  const db = t.app.db;
  const [game, other] = await db
    .insert(games)
    .values([
      { slug: 'lbgame', name: 'Leaderboard Game' },
      { slug: 'lbother', name: 'Other Game' },
    ])
    .returning();
  if (!game || !other) throw new Error('no game');
  const [map, otherMap] = await db
    .insert(maps)
    .values([
      { gameId: game.id, name: 'Crash', nameCmd: 'mp_crash' },
      { gameId: other.id, name: 'Dust', nameCmd: 'mp_dust' },
    ])
    .returning();
  const [pool, otherPool] = await db
    .insert(mapPools)
    .values([
      { gameId: game.id, name: 'LB pool' },
      { gameId: other.id, name: 'Other pool' },
    ])
    .returning();
  if (!map || !otherMap || !pool || !otherPool) throw new Error('no map');
  const competition = { gameId: game.id, mapPoolId: pool.id, teamSize: 5 };
  const [queue] = await db
    .insert(soloQueues)
    .values({ ...competition, name: 'LB Queue', slug: 'lb-queue' })
    .returning();
  const [otherQueue] = await db
    .insert(soloQueues)
    .values({
      gameId: other.id,
      mapPoolId: otherPool.id,
      teamSize: 5,
      name: 'Other Queue',
      slug: 'other-queue',
    })
    .returning();
  const [ladder, ladder2] = await db
    .insert(ladders)
    .values([
      { ...competition, name: 'LB Ladder', slug: 'lb-ladder' },
      { ...competition, name: 'LB Ladder Two', slug: 'lb-ladder-two' },
    ])
    .returning();
  if (!queue || !otherQueue || !ladder || !ladder2) throw new Error('no competition');

  const people: Record<string, number> = {};
  const person = async (username: string, flag: string | null, elo: number, sigma = 5) => {
    const [row] = await db
      .insert(users)
      .values({ username, email: `${username}@lb.test`, passwordHash: 'x', flag, elo, sigma })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    people[username] = row.id;
  };
  await person('ann', 'de', 1300);
  await person('bob', 'fr', 1250, 8);
  await person('cat', 'de', 1250);
  await person('dan', 'fr', 1100);
  await person('gus', 'de', 1200);
  await person('ivy', 'de', 2000);
  await person('eve', 'de', 1400);
  await person('hal', null, 1000);
  await person('fay', 'us', 1500);

  let guid = 0;
  const play = async (options: {
    players: string[];
    stats: { kills: number; survived: number } | null;
    kind: 'solo' | 'ladder' | 'other';
    finishedAt?: Date;
    statusId?: number;
    forfeit?: boolean;
  }) => {
    const kind = options.kind;
    const [match] = await db
      .insert(matches)
      .values({
        type: kind === 'ladder' ? 'ladder' : 'solo-queue',
        gameId: kind === 'other' ? other.id : game.id,
        ladderId: kind === 'ladder' ? ladder.id : null,
        soloQueueId: kind === 'solo' ? queue.id : kind === 'other' ? otherQueue.id : null,
        teamSize: 5,
        statusId: options.statusId ?? STATUS.finished,
        forfeit: options.forfeit ?? false,
        winnerSide: 1,
        finishedAt: options.finishedAt ?? FEB,
      })
      .returning({ id: matches.id });
    if (!match) throw new Error('no match');
    const mapId = kind === 'other' ? otherMap.id : map.id;
    const [matchMap] = await db
      .insert(matchMaps)
      .values({ matchId: match.id, mapId, mapOrder: 1 })
      .returning({ id: matchMaps.id });
    if (!matchMap) throw new Error('no map');
    for (const [i, name] of options.players.entries()) {
      const userId = people[name] ?? 0;
      await db.insert(matchPlayers).values({ matchId: match.id, userId, side: i === 0 ? 1 : 2 });
      if (!options.stats || name === 'hal') continue;
      guid += 1;
      const { kills, survived } = options.stats;
      await db.insert(playerMapStats).values({
        matchId: match.id,
        matchMapId: matchMap.id,
        mapId,
        userId,
        guid: `g${String(guid)}`,
        inGameName: name,
        side: i === 0 ? 1 : 2,
        kills,
        deaths: 10 - survived,
        roundsPlayed: 10,
        roundsSurvived: survived,
        rounds1k: kills,
      });
    }
  };
  const times = async (n: number, run: () => Promise<void>) => {
    for (let i = 0; i < n; i++) await run();
  };
  await times(3, () => play({ players: ['ann'], stats: { kills: 10, survived: 5 }, kind: 'solo' }));
  await times(4, () => play({ players: ['bob'], stats: { kills: 6, survived: 3 }, kind: 'solo' }));
  await times(3, () => play({ players: ['cat'], stats: { kills: 6, survived: 3 }, kind: 'solo' }));
  await times(2, () => play({ players: ['dan'], stats: { kills: 8, survived: 4 }, kind: 'solo' }));
  await times(2, () => play({ players: ['gus'], stats: { kills: 9, survived: 6 }, kind: 'solo' }));
  const cancelled = { statusId: STATUS.cancelled };
  await play({ players: ['gus'], stats: { kills: 9, survived: 6 }, kind: 'solo', ...cancelled });
  await play({ players: ['ivy'], stats: null, kind: 'solo', forfeit: true });
  await times(3, () => play({ players: ['eve', 'hal'], stats: { kills: 7, survived: 4 }, kind: 'ladder' }));
  const april = { finishedAt: APR };
  await play({ players: ['eve', 'hal'], stats: { kills: 7, survived: 4 }, kind: 'ladder', ...april });
  await times(3, () => play({ players: ['fay'], stats: { kills: 10, survived: 8 }, kind: 'other' }));

  /*
   * The ladder's standings (live, season 2) in the ladder page's order: rating, then wins, then who joined first.
   *   Bravo 1200 (6 wins), Alpha 1200 (5), Delta 1100 (3, joined on the 1st), Charlie 1100 (3, joined on the 2nd).
   * Season 1 is closed with its kept standings: Charlie 1, Alpha 2.
   */
  const team = async (name: string) => {
    const [row] = await db
      .insert(teams)
      .values({ gameId: game.id, name, tag: name.slice(0, 3).toUpperCase(), slug: name.toLowerCase() })
      .returning({ id: teams.id });
    if (!row) throw new Error('no team');
    return row.id;
  };
  const alpha = await team('Alpha');
  const bravo = await team('Bravo');
  const charlie = await team('Charlie');
  const delta = await team('Delta');
  const day = (d: number) => new Date(Date.UTC(2026, 0, d));
  await db.insert(ladderTeams).values([
    { ladderId: ladder.id, teamId: alpha, rating: 1200, wins: 5, losses: 1, joinedAt: day(1) },
    { ladderId: ladder.id, teamId: bravo, rating: 1200, wins: 6, losses: 2, joinedAt: day(2) },
    { ladderId: ladder.id, teamId: charlie, rating: 1100, wins: 3, draws: 1, joinedAt: day(2) },
    { ladderId: ladder.id, teamId: delta, rating: 1100, wins: 3, losses: 4, joinedAt: day(1) },
    { ladderId: ladder2.id, teamId: delta, rating: 900, joinedAt: day(1) },
  ]);
  const [season1] = await db
    .insert(ladderSeasons)
    .values([
      {
        ladderId: ladder.id,
        number: 1,
        name: 'Winter',
        startsAt: day(1),
        startedAt: day(1),
        endsAt: new Date('2026-03-01T00:00:00Z'),
        closedAt: new Date('2026-03-01T00:00:00Z'),
      },
      {
        ladderId: ladder.id,
        number: 2,
        name: 'Spring',
        startsAt: new Date('2026-03-01T00:00:00Z'),
        startedAt: new Date('2026-03-01T00:00:00Z'),
      },
      { ladderId: ladder.id, number: 3, name: 'Summer', startsAt: new Date('2027-06-01T00:00:00Z') },
    ])
    .returning({ id: ladderSeasons.id });
  if (!season1) throw new Error('no season');
  await db.insert(ladderSeasonStandings).values([
    { seasonId: season1.id, teamId: charlie, rank: 1, rating: 1150, wins: 4, losses: 0, draws: 0 },
    { seasonId: season1.id, teamId: alpha, rank: 2, rating: 1050, wins: 2, losses: 2, draws: 0 },
  ]);
}

beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
  await buildWorld();
});
afterAll(async () => {
  await t.close();
});

const ranked = (rows: { rank: number; username: string }[]) =>
  rows.map((r) => `${String(r.rank)} ${r.username}`);
const rating = async (query: string) =>
  expectAnswer(
    await anonymous().get(`/api/v1/leaderboards/players/rating?game=lbgame${query}`),
    ratingLeaderboardAnswer,
  );
const fps = async (query: string) =>
  expectAnswer(
    await anonymous().get(`/api/v1/leaderboards/players/fps?game=lbgame${query}`),
    fpsLeaderboardAnswer,
  );
const standings = async (query: string) =>
  expectAnswer(
    await anonymous().get(`/api/v1/leaderboards/teams?game=lbgame${query}`),
    teamLeaderboardAnswer,
  );

describe('players by rating', () => {
  it("ranks the game's solo-queue players by rating; equal ratings share a rank, the first registered first", async () => {
    const board = await rating('');
    // ivy (a walkover only), eve and hal (ladder only) and fay (another game) are not in it.
    expect(ranked(board.data)).toEqual(['1 ann', '2 bob', '2 cat', '4 gus', '5 dan']);
    expect(board.data.map((r) => [r.rating, r.matches, r.provisional, r.flag])).toEqual([
      [1300, 3, false, 'de'],
      [1250, 4, true, 'fr'],
      [1250, 3, false, 'de'],
      [1200, 2, false, 'de'],
      [1100, 2, false, 'fr'],
    ]);
    expect(board.meta).toMatchObject({ total: 5, current_page: 1, last_page: 1, per_page: 25 });
  });

  it('pages keep the ranks of the whole list and the links keep the filters', async () => {
    const page2 = await rating('&perPage=2&page=2');
    expect(ranked(page2.data)).toEqual(['2 cat', '4 gus']);
    expect(page2.meta).toMatchObject({ total: 5, current_page: 2, last_page: 3, from: 3, to: 4 });
    expect(page2.links.next).toBe('/api/v1/leaderboards/players/rating?game=lbgame&perPage=2&page=3');
    const past = await rating('&perPage=2&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(5);
  });

  it('filters by country and by competition', async () => {
    expect(ranked((await rating('&country=DE')).data)).toEqual(['1 ann', '2 cat', '3 gus']);
    expect(ranked((await rating('&competition=ladder:lb-ladder')).data)).toEqual(['1 eve', '2 hal']);
    expect(ranked((await rating('&competition=ladder:lb-ladder&season=2&country=de')).data)).toEqual([
      '1 eve',
    ]);
    expect(ranked((await rating('&competition=solo-queue:lb-queue&country=fr')).data)).toEqual([
      '1 bob',
      '2 dan',
    ]);
  });
});

describe('players by FPS rating', () => {
  it('cuts players under the minimum of matches (10 by default) and ranks the rest; ties go to more matches', async () => {
    const byDefault = await fps('');
    expect(byDefault.minMatches).toBe(10);
    expect(byDefault.data).toEqual([]);

    // dan (2 matches) and gus (2 finished: the cancelled one does not count) are under 3.
    const board = await fps('&minMatches=3');
    expect(ranked(board.data)).toEqual(['1 ann', '2 eve', '3 bob', '3 cat']);
    expect(board.data.map((r) => [r.fpsRating, r.matches, r.rounds, r.kills, r.deaths, r.kdRatio])).toEqual([
      [3.12, 3, 30, 30, 15, 2],
      [2.29, 4, 40, 28, 24, 1.17],
      [1.87, 4, 40, 24, 28, 0.86],
      [1.87, 3, 30, 18, 21, 0.86],
    ]);
    expect(board.meta.total).toBe(4);

    expect(ranked((await fps('&minMatches=4')).data)).toEqual(['1 eve', '2 bob']);
  });

  it('pages, and filters by country, competition and season', async () => {
    const page2 = await fps('&minMatches=3&perPage=2&page=2');
    expect(ranked(page2.data)).toEqual(['3 bob', '3 cat']);
    expect(page2.meta).toMatchObject({ total: 4, last_page: 2, from: 3, to: 4 });
    const past = await fps('&minMatches=3&perPage=2&page=3');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(4);

    expect(ranked((await fps('&minMatches=3&country=de')).data)).toEqual(['1 ann', '2 eve', '3 cat']);
    expect(ranked((await fps('&minMatches=3&competition=solo-queue:lb-queue')).data)).toEqual([
      '1 ann',
      '2 bob',
      '2 cat',
    ]);
    // Season 1 (January and February) holds 3 of eve's ladder matches, season 2 the April one.
    const winter = await fps('&minMatches=3&competition=ladder:lb-ladder&season=1');
    expect(winter.data.map((r) => [r.username, r.matches, r.fpsRating])).toEqual([['eve', 3, 2.29]]);
    expect((await fps('&minMatches=3&competition=ladder:lb-ladder&season=2')).data).toEqual([]);
  });
});

describe('teams by ladder standing', () => {
  it("lists the game's first ladder's live standings in the ladder page's order", async () => {
    const board = await standings('');
    expect(board.ladder).toEqual({ slug: 'lb-ladder', name: 'LB Ladder' });
    expect(board.season).toEqual({ number: 2, name: 'Spring', closed: false });
    expect(board.data.map((r) => `${String(r.rank)} ${r.name} ${String(r.rating)}`)).toEqual([
      '1 Bravo 1200',
      '2 Alpha 1200',
      '3 Delta 1100',
      '4 Charlie 1100',
    ]);
    expect(board.data[3]).toMatchObject({ slug: 'charlie', tag: 'CHA', wins: 3, losses: 0, draws: 1 });
    const page2 = await standings('&perPage=3&page=2');
    expect(page2.data.map((r) => `${String(r.rank)} ${r.name}`)).toEqual(['4 Charlie']);
    expect(page2.meta).toMatchObject({ total: 4, last_page: 2 });
  });

  it("shows a closed season's kept standings, another ladder, and nothing for a season not started", async () => {
    const winter = await standings('&competition=ladder:lb-ladder&season=1');
    expect(winter.season).toEqual({ number: 1, name: 'Winter', closed: true });
    expect(
      winter.data.map((r) => `${String(r.rank)} ${r.name} ${String(r.rating)} ${String(r.wins)}`),
    ).toEqual(['1 Charlie 1150 4', '2 Alpha 1050 2']);
    expect((await standings('&competition=ladder:lb-ladder&season=2')).data).toHaveLength(4);
    const summer = await standings('&competition=ladder:lb-ladder&season=3');
    expect(summer.data).toEqual([]);
    expect(summer.meta.total).toBe(0);
    const two = await standings('&competition=ladder:lb-ladder-two');
    expect(two.data.map((r) => `${String(r.rank)} ${r.name}`)).toEqual(['1 Delta']);
    expect(two.season).toBeNull();
  });
});

describe('filters and access', () => {
  it('lists the games, their competitions and seasons, and the countries', async () => {
    const { data } = expectAnswer(await anonymous().get('/api/v1/leaderboards'), leaderboardOptionsAnswer);
    const game = data.games.find((g) => g.slug === 'lbgame');
    expect(game?.competitions.map((c) => [c.key, c.seasons.map((s) => s.number)])).toEqual([
      ['ladder:lb-ladder', [3, 2, 1]],
      ['ladder:lb-ladder-two', []],
      ['solo-queue:lb-queue', []],
    ]);
    expect(data.countries).toEqual(expect.arrayContaining(['de', 'fr', 'us']));
  });

  it.each([
    ['/players/rating?page=0', 'page', 'The page must be a whole number from 1 to 100000.'],
    ['/players/rating?page=abc', 'page', 'The page must be a whole number from 1 to 100000.'],
    ['/players/rating?perPage=101', 'perPage', 'The per page must be a whole number from 1 to 100.'],
    ['/players/fps?minMatches=2', 'minMatches', 'The min matches must be a whole number from 3 to 1000.'],
    ['/players/rating?country=deu', 'country', 'The country must be a two-letter country code.'],
    [
      '/players/fps?competition=league:x',
      'competition',
      'The competition must be ladder:{slug}, tournament:{slug} or solo-queue:{slug}.',
    ],
    [
      '/players/rating?game=lbgame&competition=ladder:nope',
      'competition',
      'The selected competition is invalid.',
    ],
    ['/players/rating?game=nope', 'game', 'The selected game is invalid.'],
    ['/players/fps?game=lbgame&season=1', 'season', 'A season needs a ladder competition.'],
    [
      '/players/fps?game=lbgame&competition=ladder:lb-ladder&season=9',
      'season',
      'The selected season is invalid.',
    ],
    [
      '/teams?game=lbgame&competition=solo-queue:lb-queue',
      'competition',
      'Teams are ranked by ladder standing: choose a ladder.',
    ],
    // Another game's competition is not one of this game's.
    [
      '/players/rating?game=lbgame&competition=solo-queue:other-queue',
      'competition',
      'The selected competition is invalid.',
    ],
  ])('GET %s is 422 on %s', async (path, field, text) => {
    const answer = expectAnswer(
      await anonymous().get(`/api/v1/leaderboards${path}`),
      validationErrorAnswer,
      422,
    );
    expect(answer.errors[field]).toEqual([text]);
  });

  it('answers a personal API token as it answers anyone', async () => {
    const owner = await t.signIn('player1');
    const made = await owner.post('/api/v1/users/me/api-tokens', { name: 'overlay' });
    const { token } = expectAnswer(made, createdApiTokenAnswer, 201).data;
    const res = await anonymous().get('/api/v1/leaderboards/players/rating?game=lbgame&perPage=1', {
      authorization: `Bearer ${token}`,
    });
    expect(ranked(expectAnswer(res, ratingLeaderboardAnswer).data)).toEqual(['1 ann']);
  });
});
