// The leaderboards' query plans on PostgreSQL over a generated world big enough that, without their indexes,
// the planner reads whole tables: each list's page query and count is EXPLAINed as the routes run it and must
// use its index of the summary `leaderboard_entries`, never the raw match tables (docs/statistics.md,
// "Leaderboards"). Skipped on PGlite: its tables are tiny in every other test and
// this world would cost a minute of a single-connection database for a planner the production one does not use.
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

describe.skipIf(process.env.TEST_DB !== 'postgres')('leaderboard query plans (PostgreSQL)', () => {
  let t: TestApp;
  const ids = { game: 0, queue: 0, bigLadder: 0, smallLadder: 0, season: 0, smallSeason: 0 };

  const run = (statement: SQLWrapper) => t.app.db.execute(statement);
  async function plan(query: SQLWrapper): Promise<string> {
    const result = await run(sql`explain ${query}`);
    const rows = (result as { rows: Record<string, string>[] }).rows;
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  async function one(statement: SQLWrapper): Promise<number> {
    const result = await run(statement);
    const [row] = (result as { rows: { id: number }[] }).rows;
    if (!row) throw new Error('nothing inserted');
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: 'real', seed: false });
    // The world is loaded with the summary's row triggers off and the summary built at once afterwards (the
    // migration's backfill): row by row, 40,000 refreshes would cost minutes.
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
    ids.smallSeason =
      await one(sql`insert into ladder_seasons (ladder_id, number, name, starts_at, started_at)
      values (${ids.smallLadder}, 1, 'Now', now() - interval '1 day', now() - interval '1 day') returning id`);
    // Players with pseudo-random ratings over ten countries, one finished solo-queue match each (with a
    // statistics row), and 20 small-ladder matches among the first 40 of them.
    await run(sql`insert into users (username, email, password_hash, flag, elo)
      select 'p' || g, 'p' || g || '@plans.test', 'x',
        (array['de','fr','us','gb','se','pl','nl','es','it','br'])[1 + g % 10], 600 + (hashint4(g) & 2047)
      from generate_series(1, ${USERS}) g`);
    await run(sql`insert into matches (type, game_id, solo_queue_id, team_size, status_id, winner_side, finished_at)
      select 'solo-queue', ${ids.game}, ${ids.queue}, 5, ${STATUS.finished}, 1, now() from generate_series(1, ${USERS})`);
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
      select ${ids.game}, 'Team ' || g, 'T' || g, 'plans-team-' || g from generate_series(1, ${TEAMS}) g`);
    await run(sql`insert into ladder_teams (ladder_id, team_id, rating, wins)
      select ${ids.bigLadder}, id, 600 + (hashint4(id) & 2047), hashint4(id) & 31 from teams`);
    await run(sql`insert into ladder_season_standings (season_id, team_id, rank, rating, wins, losses, draws)
      select ${ids.season}, id, row_number() over (order by id), 1000, 0, 0, 0 from teams`);
    for (const table of ['match_players', 'player_map_stats'])
      await run(sql.raw(`alter table ${table} enable trigger user`));
    await run(sql`select leaderboard_rebuild()`);
    // Vacuumed so the counts read the index alone.
    await run(sql`vacuum analyze`);
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
      expect(text).toMatch(/Index Scan using leaderboard_entries_rating_idx on leaderboard_entries/);
      expect(text).not.toMatch(rawTables);
      expect(text).not.toMatch(/Sort/);
      expect(await planWithout('leaderboard_entries_rating_idx', all)).toMatch(/Sort/);
    }
    const german = ratingRowsQuery(t.app.db, filter(), 'de', PAGE);
    expect(await plan(german)).toMatch(/Index Scan using leaderboard_entries_flag_rating_idx/);
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
      expect(text).toMatch(new RegExp(`Index Scan using ${index} on leaderboard_entries`));
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
    expect(await plan(live)).toMatch(/Index Scan using ladder_teams_standings_idx on ladder_teams/);
    expect(await planWithout('ladder_teams_standings_idx', live)).toMatch(/Sort/);
    const closed = closedStandingsQuery(t.app.db, ids.season, { offset: 100, limit: 25 });
    expect(await plan(closed)).toMatch(
      /Index Scan using ladder_season_standings_rank_idx on ladder_season_standings/,
    );
    expect(await planWithout('ladder_season_standings_rank_idx', closed)).toMatch(/Sort/);
  });

  it('players by FPS rating read one key of the summary in FPS order, by country too', async () => {
    for (const competition of [null, { type: 'ladder' as const, id: ids.smallLadder }]) {
      const page = fpsRowsQuery(t.app.db, filter(competition), null, 1, PAGE);
      const text = await plan(page);
      expect(text).toMatch(/Index Scan using leaderboard_entries_fps_idx on leaderboard_entries/);
      expect(text).not.toMatch(rawTables);
      expect(text).not.toMatch(/Sort/);
      expect(await planWithout('leaderboard_entries_fps_idx', page)).toMatch(/Sort/);
    }
    const french = fpsRowsQuery(t.app.db, filter(), 'fr', 1, PAGE);
    expect(await plan(french)).toMatch(/Index Scan using leaderboard_entries_flag_fps_idx/);
  });
});
