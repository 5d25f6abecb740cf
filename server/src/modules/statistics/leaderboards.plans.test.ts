// The leaderboards' query plans on PostgreSQL over a generated world big enough that, without their indexes,
// the planner reads whole tables: each list's page query and count is EXPLAINed as the routes run it and must
// use its index of the summary `leaderboard_entries`, never the raw match tables (docs/statistics.md,
// "Leaderboards"). Skipped on PGlite: its tables are tiny in every other test and
// this world would cost a minute of a single-connection database for a planner the production one does not use.
// The last block runs on both databases over a small world of the same shape: a deep page is a deferred join,
// EXPLAIN ANALYZEd, whose players and teams are read for the page's rows only, however many rows precede it.
import { STATUS } from '@versus/common/match/statuses';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/index.ts';
import {
  closedStandingsQuery,
  fpsCountQuery,
  fpsRowsQuery,
  liveStandingsQuery,
  ratingCountQuery,
  ratingRowsQuery,
  type MatchFilter,
} from './leaderboards.repository.ts';

const USERS = 20_000;
const TEAMS = 4_000;
const PAGE = { offset: 0, limit: 25 };

type Run = (statement: SQLWrapper) => Promise<unknown>;

/**
 * The generated world: a game with a solo queue, a big ladder (every team, a closed season with kept
 * standings) and a small one (20 matches among 40 players, a current season), `size.users` players with
 * pseudo-random ratings and a finished solo-queue match each, vacuumed and analysed.
 */
async function buildWorld(run: Run, size: { users: number; teams: number }) {
  const ids = { game: 0, queue: 0, bigLadder: 0, smallLadder: 0, season: 0, smallSeason: 0 };
  async function one(statement: SQLWrapper): Promise<number> {
    const result = await run(statement);
    const [row] = (result as { rows: { id: number }[] }).rows;
    if (!row) throw new Error('nothing inserted');
    return row.id;
  }
  // The world is loaded with the summary's row triggers off and the summary built at once afterwards (the
  // migration's backfill): row by row, tens of thousands of refreshes would cost minutes.
  for (const table of ['match_players', 'player_map_stats'])
    await run(sql.raw(`alter table ${table} disable trigger user`));
  ids.game = await one(sql`insert into games (slug, name) values ('plans', 'Plans') returning id`);
  const map = await one(
    sql`insert into maps (game_id, name, name_cmd) values (${ids.game}, 'Crash', 'mp_crash') returning id`,
  );
  const pool = await one(
    sql`insert into map_pools (game_id, name) values (${ids.game}, 'Pool') returning id`,
  );
  ids.queue = await one(sql`insert into solo_queues (game_id, map_pool_id, name, slug, team_size)
    values (${ids.game}, ${pool}, 'Queue', 'plans-queue', 5) returning id`);
  ids.bigLadder = await one(sql`insert into ladders (game_id, map_pool_id, name, slug, team_size)
    values (${ids.game}, ${pool}, 'Big', 'plans-big', 5) returning id`);
  ids.smallLadder = await one(sql`insert into ladders (game_id, map_pool_id, name, slug, team_size)
    values (${ids.game}, ${pool}, 'Small', 'plans-small', 5) returning id`);
  ids.season =
    await one(sql`insert into ladder_seasons (ladder_id, number, name, starts_at, started_at, closed_at)
    values (${ids.bigLadder}, 1, 'One', now() - interval '60 days', now() - interval '60 days', now() - interval '30 days')
    returning id`);
  // A season of the small ladder whose window holds its matches (finished now).
  ids.smallSeason = await one(sql`insert into ladder_seasons (ladder_id, number, name, starts_at, started_at)
    values (${ids.smallLadder}, 1, 'Now', now() - interval '1 day', now() - interval '1 day') returning id`);
  // Players with pseudo-random ratings over ten countries, one finished solo-queue match each (with a
  // statistics row), and 20 small-ladder matches among the first 40 of them.
  await run(sql`insert into users (username, email, password_hash, flag, elo)
    select 'p' || g, 'p' || g || '@plans.test', 'x',
      (array['de','fr','us','gb','se','pl','nl','es','it','br'])[1 + g % 10], 600 + (hashint4(g) & 2047)
    from generate_series(1, ${size.users}) g`);
  await run(sql`insert into matches (type, game_id, solo_queue_id, team_size, status_id, winner_side, finished_at)
    select 'solo-queue', ${ids.game}, ${ids.queue}, 5, ${STATUS.finished}, 1, now() from generate_series(1, ${size.users})`);
  await run(sql`insert into matches (type, game_id, ladder_id, team_size, status_id, winner_side, finished_at)
    select 'ladder', ${ids.game}, ${ids.smallLadder}, 5, ${STATUS.finished}, 1, now() from generate_series(1, 20)`);
  await run(sql`insert into match_maps (match_id, map_id, map_order) select id, ${map}, 1 from matches`);
  await run(sql`insert into match_players (match_id, user_id, side)
    select m.id, u.id, 1 from (select id, row_number() over (order by id) n from matches where solo_queue_id is not null) m
    join (select id, row_number() over (order by id) n from users) u on u.n = m.n`);
  await run(sql`insert into match_players (match_id, user_id, side)
    select m.id, u.id, 1 + (u.n % 2)::int from (select id, row_number() over (order by id) n from matches where ladder_id is not null) m
    join (select id, row_number() over (order by id) n from users) u on u.n in (m.n, m.n + 20)`);
  await run(sql`insert into player_map_stats (match_id, match_map_id, map_id, user_id, guid, in_game_name, side,
      kills, deaths, rounds_played, rounds_survived, rounds_1k)
    select mp.match_id, mm.id, ${map}, mp.user_id, 'g' || mp.id, 'n' || mp.id, mp.side,
      hashint4(mp.id) & 15, 10 - (hashint4(mp.id) & 7), 20, hashint4(mp.id) & 7, hashint4(mp.id) & 15
    from match_players mp join match_maps mm on mm.match_id = mp.match_id`);
  await run(sql`insert into teams (game_id, name, tag, slug)
    select ${ids.game}, 'Team ' || g, 'T' || g, 'plans-team-' || g from generate_series(1, ${size.teams}) g`);
  await run(sql`insert into ladder_teams (ladder_id, team_id, rating, wins)
    select ${ids.bigLadder}, id, 600 + (hashint4(id) & 2047), hashint4(id) & 31 from teams`);
  await run(sql`insert into ladder_season_standings (season_id, team_id, rank, rating, wins, losses, draws)
    select ${ids.season}, id, row_number() over (order by id), 1000, 0, 0, 0 from teams`);
  for (const table of ['match_players', 'player_map_stats'])
    await run(sql.raw(`alter table ${table} enable trigger user`));
  await run(sql`select leaderboard_rebuild()`);
  // Vacuumed so the counts read the index alone.
  await run(sql`vacuum analyze`);
  return ids;
}

/** A node of an `EXPLAIN (ANALYZE, FORMAT JSON)` plan. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** Every node of `query`'s plan as it ran (EXPLAIN ANALYZE), the root first. */
async function analyzed(run: Run, query: SQLWrapper): Promise<PlanNode[]> {
  const result = await run(sql`explain (analyze, format json) ${query}`);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const cell = row?.['QUERY PLAN'];
  const [top] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  if (top) walk(top.Plan);
  return nodes;
}

/** How many rows a node read over all its loops (a nested loop's inner side runs once per outer row). */
const rowsRead = (node: PlanNode) => node['Actual Rows'] * node['Actual Loops'];

/**
 * The rows of `joined` (players, teams: the page's names) that a page read, each node of the plan that
 * reads one of them: a deferred join reads `limit` of each however deep the page is.
 */
function readOf(nodes: PlanNode[], joined: string[]) {
  return nodes
    .filter((node) => joined.includes(node['Relation Name'] ?? ''))
    .map((node) => ({ table: node['Relation Name'], rows: rowsRead(node) }));
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('leaderboard query plans (PostgreSQL)', () => {
  let t: TestApp;
  const ids = { game: 0, queue: 0, bigLadder: 0, smallLadder: 0, season: 0, smallSeason: 0 };

  const run = (statement: SQLWrapper) => t.app.db.execute(statement);
  async function plan(query: SQLWrapper): Promise<string> {
    const result = await run(sql`explain ${query}`);
    const rows = (result as { rows: Record<string, string>[] }).rows;
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: 'real', seed: false });
    Object.assign(ids, await buildWorld(run, { users: USERS, teams: TEAMS }));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  const filter = (
    competition: MatchFilter['competition'] = null,
    seasonId: number | null = null,
  ): MatchFilter => ({
    gameId: ids.game,
    competition,
    seasonId,
  });
  const season = () => filter({ type: 'ladder', id: ids.smallLadder }, ids.smallSeason);

  /** The plan of `query` with `index` dropped (in a transaction rolled back): what the index saves. */
  async function planWithout(index: string, query: SQLWrapper): Promise<string> {
    let text = '';
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`drop index ${index}`));
        const result = await tx.execute(sql`explain ${query}`);
        text = (result as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rollback') throw error;
      });
    return text;
  }

  /** No row of the raw tables is read: no per-player probe of matches, match players or statistics rows. */
  const rawTables = / on (matches|match_players|player_map_stats)( |$)/m;

  it('players by rating read one key of the summary in rating order, by country too', async () => {
    for (const competition of [null, { type: 'ladder' as const, id: ids.smallLadder }]) {
      const all = ratingRowsQuery(t.app.db, filter(competition), null, PAGE);
      const text = await plan(all);
      expect(text).toMatch(/Index Only Scan using leaderboard_entries_rating_idx on leaderboard_entries/);
      expect(text).not.toMatch(rawTables);
      expect(text).not.toMatch(/Sort/);
      expect(await planWithout('leaderboard_entries_rating_idx', all)).toMatch(/Sort/);
    }
    const german = ratingRowsQuery(t.app.db, filter(), 'de', PAGE);
    expect(await plan(german)).toMatch(/Index Only Scan using leaderboard_entries_flag_rating_idx/);
    // Without it the page walks every country's players and drops the others.
    expect(await planWithout('leaderboard_entries_flag_rating_idx', german)).toMatch(
      /Filter: \(\(flag\)::text = 'de'|Sort/,
    );
  });

  it("a ladder season's players read the season's key of the summary in the list's order", async () => {
    const rating = ratingRowsQuery(t.app.db, season(), null, PAGE);
    const fps = fpsRowsQuery(t.app.db, season(), null, 1, PAGE);
    for (const [query, index] of [
      [rating, 'leaderboard_entries_rating_idx'],
      [fps, 'leaderboard_entries_fps_idx'],
    ] as const) {
      const text = await plan(query);
      expect(text).toMatch(new RegExp(`Index Only Scan using ${index} on leaderboard_entries`));
      expect(text).not.toMatch(rawTables);
      expect(text).not.toMatch(/Sort/);
    }
    // The season's key holds the players of its window: the 40 of the small ladder's matches.
    expect((await ratingCountQuery(t.app.db, season(), null))[0]?.n).toBe(40);
    for (const query of [
      ratingCountQuery(t.app.db, season(), null),
      ratingCountQuery(t.app.db, season(), 'de', 1200),
      fpsCountQuery(t.app.db, season(), null, 1),
    ]) {
      const text = await plan(query);
      expect(text).toMatch(/Index Only Scan using leaderboard_entries_/);
      expect(text).not.toMatch(rawTables);
    }
  });

  it('their totals and the rank of a page are index-only counts of the key', async () => {
    for (const query of [
      ratingCountQuery(t.app.db, filter(), null),
      ratingCountQuery(t.app.db, filter(), null, 1200),
      ratingCountQuery(t.app.db, filter(), 'de'),
      fpsCountQuery(t.app.db, filter(), null, 1),
      fpsCountQuery(t.app.db, filter(), 'fr', 1, '1.50'),
    ]) {
      const text = await plan(query);
      expect(text).toMatch(/Index Only Scan using leaderboard_entries_/);
      expect(text).not.toMatch(rawTables);
    }
  });

  it("a ladder's standings read ladder_teams_standings_idx, a closed season ladder_season_standings_rank_idx", async () => {
    const live = liveStandingsQuery(t.app.db, ids.bigLadder, { offset: 100, limit: 25 });
    expect(await plan(live)).toMatch(/Index Only Scan using ladder_teams_standings_idx on ladder_teams/);
    expect(await planWithout('ladder_teams_standings_idx', live)).toMatch(/Sort/);
    const closed = closedStandingsQuery(t.app.db, ids.season, { offset: 100, limit: 25 });
    expect(await plan(closed)).toMatch(
      /Index Only Scan using ladder_season_standings_rank_idx on ladder_season_standings/,
    );
    expect(await planWithout('ladder_season_standings_rank_idx', closed)).toMatch(/Sort/);
  });

  it('a deep page picks its rows off the index alone and joins only them', async () => {
    const limit = 25;
    const deep = (offset: number) => ({ offset, limit });
    const lists = [
      [ratingRowsQuery(t.app.db, filter(), null, deep(15_000)), 'leaderboard_entries_rating_idx'],
      [ratingRowsQuery(t.app.db, filter(), 'de', deep(1_500)), 'leaderboard_entries_flag_rating_idx'],
      [fpsRowsQuery(t.app.db, filter(), null, 1, deep(15_000)), 'leaderboard_entries_fps_idx'],
      [fpsRowsQuery(t.app.db, filter(), 'fr', 1, deep(1_500)), 'leaderboard_entries_flag_fps_idx'],
      [liveStandingsQuery(t.app.db, ids.bigLadder, deep(3_000)), 'ladder_teams_standings_idx'],
      [closedStandingsQuery(t.app.db, ids.season, deep(3_000)), 'ladder_season_standings_rank_idx'],
    ] as const;
    for (const [query, index] of lists) {
      const nodes = await analyzed(run, query);
      // The walk past the rows before the page reads the index alone (no heap page: the world is vacuumed)…
      const walk = nodes.filter((node) => rowsRead(node) > limit);
      expect(walk.filter((node) => node['Relation Name'])).toEqual([
        expect.objectContaining({ 'Node Type': 'Index Only Scan', 'Index Name': index, 'Heap Fetches': 0 }),
      ]);
      // …and the rows themselves, their players and teams are read for the page's rows only.
      const joined = nodes.filter((node) => node['Relation Name'] && !walk.includes(node));
      expect(joined.length).toBeGreaterThan(0);
      expect(joined.map(rowsRead).every((rows) => rows <= limit)).toBe(true);
    }
  });

  it('players by FPS rating read one key of the summary in FPS order, by country too', async () => {
    for (const competition of [null, { type: 'ladder' as const, id: ids.smallLadder }]) {
      const page = fpsRowsQuery(t.app.db, filter(competition), null, 1, PAGE);
      const text = await plan(page);
      expect(text).toMatch(/Index Only Scan using leaderboard_entries_fps_idx on leaderboard_entries/);
      expect(text).not.toMatch(rawTables);
      expect(text).not.toMatch(/Sort/);
      expect(await planWithout('leaderboard_entries_fps_idx', page)).toMatch(/Sort/);
    }
    const french = fpsRowsQuery(t.app.db, filter(), 'fr', 1, PAGE);
    expect(await plan(french)).toMatch(/Index Only Scan using leaderboard_entries_flag_fps_idx/);
  });
});

describe('a deep leaderboard page joins only its own rows', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof buildWorld>>;
  const run = (statement: SQLWrapper) => t.app.db.execute(statement);
  const limit = 25;

  beforeAll(async () => {
    t = await buildTestApp({ clock: 'real', seed: false });
    ids = await buildWorld(run, { users: 2_000, teams: 400 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("reads the players and teams of the page's rows only, however deep the page", async () => {
    const all: MatchFilter = { gameId: ids.game, competition: null, seasonId: null };
    const lists = [
      [ratingRowsQuery(t.app.db, all, null, { offset: 1_500, limit }), 'users'],
      [ratingRowsQuery(t.app.db, all, 'de', { offset: 150, limit }), 'users'],
      [fpsRowsQuery(t.app.db, all, null, 1, { offset: 1_500, limit }), 'users'],
      [fpsRowsQuery(t.app.db, all, 'fr', 1, { offset: 150, limit }), 'users'],
      [liveStandingsQuery(t.app.db, ids.bigLadder, { offset: 350, limit }), 'teams'],
      [closedStandingsQuery(t.app.db, ids.season, { offset: 350, limit }), 'teams'],
    ] as const;
    for (const [query, names] of lists) {
      const reads = readOf(await analyzed(run, query), [names]);
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read.rows).toBeLessThanOrEqual(limit);
    }
  });

  it('answers the rows the list joined first would', async () => {
    const all: MatchFilter = { gameId: ids.game, competition: null, seasonId: null };
    const page = { offset: 1_500, limit };
    const rating = await ratingRowsQuery(t.app.db, all, null, page);
    const joinedFirst = await run(sql`select e.user_id as "userId", u.username, e.flag, e.elo as rating,
        u.sigma, e.matches
      from leaderboard_entries e join users u on u.id = e.user_id
      where e.game_id = ${ids.game} and e.key = 'solo' and e.matches > 0
      order by e.elo desc, e.user_id limit ${page.limit} offset ${page.offset}`);
    expect(rating).toHaveLength(limit);
    expect(rating).toEqual((joinedFirst as { rows: unknown[] }).rows);
    const fps = await fpsRowsQuery(t.app.db, all, null, 1, page);
    const fpsFirst =
      await run(sql`select e.user_id as "userId", u.username, e.flag, e.fps_rating::text as "fpsRating",
        e.stat_matches as matches, e.rounds_played as rounds, e.kills, e.deaths
      from leaderboard_entries e join users u on u.id = e.user_id
      where e.game_id = ${ids.game} and e.key = 'all' and e.fps_rating is not null and e.stat_matches >= 1
      order by e.fps_rating desc, e.stat_matches desc, e.user_id limit ${page.limit} offset ${page.offset}`);
    expect(fps).toHaveLength(limit);
    expect(fps).toEqual((fpsFirst as { rows: unknown[] }).rows);
    const teams = await liveStandingsQuery(t.app.db, ids.bigLadder, { offset: 350, limit });
    const teamsFirst = await run(sql`select t.id as "teamId", t.slug, t.name, t.tag, lt.rating, lt.wins,
        lt.losses, lt.draws
      from ladder_teams lt join teams t on t.id = lt.team_id where lt.ladder_id = ${ids.bigLadder}
      order by lt.rating desc, lt.wins desc, lt.joined_at, lt.id limit ${limit} offset 350`);
    expect(teams).toHaveLength(limit);
    expect(teams).toEqual((teamsFirst as { rows: unknown[] }).rows);
  });
});
