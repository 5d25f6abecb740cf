// The large world (`npm run seed:large`): a generator, on PostgreSQL, of a crowded Versus to measure the
// pages players open against (bench/large-world). Everything is built in SQL (`INSERT ... SELECT` over
// `generate_series`) on top of the demo world, with deterministic pseudo-random figures (`hashint4`), so
// a run takes minutes, not hours, and two runs build the same world. See docs/benchmarks.md ("Large world").
import type pg from 'pg';

export interface LargeWorldSizes {
  users: number;
  teams: number;
  /** Finished ladder matches (5v5), each with its seven-map veto and ten players. */
  matches: number;
  notifications: number;
  ladders: number;
  /** Matches still to be played (scheduled), spread over the first teams. */
  activeMatches: number;
  /** Finished solo-queue matches (5v5, one map, a statistics row per player): ten per player at full size. */
  soloMatches: number;
  /** Teams in the tournament whose bracket is generated (a power of two up to 256). */
  tournamentTeams: number;
  /** Users with `heavyNotifications` notifications each (the rest are spread evenly over everyone). */
  heavyUsers: number;
  heavyNotifications: number;
}

export const FULL_SIZES: LargeWorldSizes = {
  users: 100_000,
  teams: 10_000,
  matches: 1_000_000,
  notifications: 5_000_000,
  ladders: 20,
  activeMatches: 1_000,
  soloMatches: 100_000,
  tournamentTeams: 64,
  heavyUsers: 200,
  heavyNotifications: 1_000,
};

export const TEAM_SIZE = 5;
const POOL_SIZE = 7;

/** Sizes at `scale` (1 = full): every count scaled, with floors that keep the world coherent. */
export function sizesAt(scale: number, overrides: Partial<LargeWorldSizes> = {}): LargeWorldSizes {
  const s = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  const sizes: LargeWorldSizes = {
    users: s(FULL_SIZES.users, 200),
    teams: s(FULL_SIZES.teams, 40),
    matches: s(FULL_SIZES.matches, 100),
    notifications: s(FULL_SIZES.notifications, 1_000),
    ladders: Math.max(2, Math.min(FULL_SIZES.ladders, Math.round(FULL_SIZES.ladders * Math.sqrt(scale)))),
    activeMatches: s(FULL_SIZES.activeMatches, 20),
    soloMatches: s(FULL_SIZES.soloMatches, 20),
    tournamentTeams: scale >= 0.5 ? 64 : 16,
    heavyUsers: s(FULL_SIZES.heavyUsers, 10),
    heavyNotifications: FULL_SIZES.heavyNotifications,
    ...overrides,
  };
  if (sizes.teams * TEAM_SIZE > sizes.users) throw new Error('need at least 5 users per team');
  if (sizes.teams % sizes.ladders !== 0) throw new Error('teams must be a multiple of ladders');
  if (sizes.teams / sizes.ladders < 2) throw new Error('need two teams per ladder');
  if (sizes.heavyUsers * sizes.heavyNotifications > sizes.notifications)
    throw new Error('heavyUsers × heavyNotifications exceeds notifications');
  if (sizes.tournamentTeams > sizes.teams) throw new Error('more tournament teams than teams');
  return sizes;
}

/** The tables bulk-loaded here: their secondary indexes are dropped during the load and built after it. */
const BULK_TABLES = [
  'users',
  'teams',
  'team_members',
  'ladder_teams',
  'matches',
  'match_maps',
  'match_players',
  'notifications',
  'player_map_stats',
];

export interface LargeWorldReport {
  seconds: number;
  rows: Record<string, number>;
  /** The base of the generated ids: generated user n is `u{n}` with id `userBase + n`. */
  userBase: number;
  tournamentSlug: string;
}

type Log = (line: string) => void;

async function step<T>(log: Log, label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  log(`  ${label} ...`);
  const result = await run();
  log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

async function one<T>(client: pg.ClientBase, text: string, values: unknown[] = []): Promise<T> {
  const res = await client.query(text, values);
  return res.rows[0] as T;
}

/**
 * Builds the bulk of the large world on `client` (a connection of its own: it changes session settings).
 * Expects the demo world (the game, maps, the demo ladder's map pool, locations, the demo accounts whose
 * password hash every generated account shares) and no large world yet. Returns what it made; the
 * tournament's bracket is generated afterwards by the caller, through the app's own bracket code.
 */
export async function buildLargeWorld(
  client: pg.ClientBase,
  sizes: LargeWorldSizes,
  log: Log,
): Promise<LargeWorldReport> {
  const started = performance.now();
  const { U, T, M, N, L, A } = {
    U: sizes.users,
    T: sizes.teams,
    M: sizes.matches,
    N: sizes.notifications,
    L: sizes.ladders,
    A: sizes.activeMatches,
  };
  const perLadder = T / L;

  const base = await one<{
    game: number;
    pool: number;
    location: number;
    hash: string;
    u: number;
    t: number;
    m: number;
    l: number;
  }>(
    client,
    `SELECT (SELECT id FROM games WHERE slug = 'cod4') AS game,
            (SELECT map_pool_id FROM ladders ORDER BY id LIMIT 1) AS pool,
            (SELECT min(id) FROM locations) AS location,
            (SELECT password_hash FROM users WHERE username = 'player1') AS hash,
            (SELECT coalesce(max(id), 0) FROM users) AS u,
            (SELECT coalesce(max(id), 0) FROM teams) AS t,
            (SELECT coalesce(max(id), 0) FROM matches) AS m,
            (SELECT coalesce(max(id), 0) FROM ladders) AS l`,
  );
  const taken = await one<{ n: number }>(
    client,
    `SELECT count(*)::int AS n FROM users WHERE username = 'u1'`,
  );
  if (taken.n > 0) throw new Error('This database already holds a large world: drop it and create it again.');
  const pool = (
    await client.query<{ map_id: number }>(
      'SELECT map_id FROM map_pool_maps WHERE map_pool_id = $1 ORDER BY position, map_id',
      [base.pool],
    )
  ).rows.map((r) => r.map_id);
  if (pool.length !== POOL_SIZE) throw new Error(`the demo ladder's pool has ${String(pool.length)} maps`);

  // Bulk-load settings for this session: no foreign-key triggers (the generator keeps every reference
  // valid by construction) and no matches trigger (settings are written explicitly), no WAL flush per commit.
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '1GB'`);
  await client.query(`SET max_parallel_maintenance_workers = 2`);

  const indexes = (
    await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [BULK_TABLES],
    )
  ).rows;
  await step(log, `dropping ${String(indexes.length)} secondary indexes for the load`, async () => {
    for (const i of indexes) await client.query(`DROP INDEX public."${i.name}"`);
  });

  const rows: Record<string, number> = {};
  const insert = async (table: string, sql: string, values: unknown[] = []) => {
    const res = await step(log, table, () => client.query(sql, values));
    rows[table] = (rows[table] ?? 0) + (res.rowCount ?? 0);
  };
  // Generated user n (1-based): id U0 + n. Team k: id T0 + k, players users (k-1)*5+1 .. (k-1)*5+5, the
  // first of them captain. Ladder l (0-based): id L0 + l + 1, teams k with (k-1) % L = l.
  const U0 = base.u;
  const T0 = base.t;
  const M0 = base.m;
  const L0 = base.l;

  await insert(
    'ladders',
    `INSERT INTO ladders (id, game_id, map_pool_id, name, slug, description, team_size)
     SELECT $1::int + g, $2, $3, 'Large Ladder ' || g, 'large-ladder-' || g, 'A ladder of the large world.', 5
       FROM generate_series(1, $4::int) g`,
    [L0, base.game, base.pool, L],
  );
  // Two seasons a ladder, each holding half of its matches (spread over two years): the first closed a year
  // ago, the second current. Their players are keys of the leaderboards' summary (built after the load).
  await insert(
    'ladder_seasons',
    `INSERT INTO ladder_seasons (ladder_id, number, name, starts_at, ends_at, started_at, closed_at)
     SELECT $1::int + g, n, CASE n WHEN 1 THEN 'Year one' ELSE 'Year two' END,
            now() - (3 - n) * interval '365 days', CASE n WHEN 1 THEN now() - interval '365 days' END,
            now() - (3 - n) * interval '365 days', CASE n WHEN 1 THEN now() - interval '365 days' END
       FROM generate_series(1, $2::int) g, generate_series(1, 2) n`,
    [L0, L],
  );
  await insert(
    'users',
    `INSERT INTO users (id, username, email, password_hash, flag, elo, created_at, updated_at)
     SELECT $1::int + g, 'u' || g, 'u' || g || '@large.example', $2,
            (ARRAY['gb', 'de', 'fr', 'se', 'pl', 'us', 'nl', 'es', 'it', 'br'])[1 + g % 10],
            1000 + abs(hashint4(g)) % 600 - 300,
            now() - interval '3 years' + (g * interval '1 minute'), now()
       FROM generate_series(1, $3::int) g`,
    [U0, base.hash, U],
  );
  await insert(
    'teams',
    `INSERT INTO teams (id, game_id, name, tag, slug, rating, created_by_user_id, created_at, updated_at)
     SELECT $1::int + k, $2, 'Large Team ' || k, 'L' || k, 'large-team-' || k,
            1000 + abs(hashint4(k)) % 500 - 250, $3::int + (k - 1) * 5 + 1,
            now() - interval '2 years' - interval '1 day', now()
       FROM generate_series(1, $4::int) k`,
    [T0, base.game, U0, T],
  );
  await insert(
    'team_members',
    `INSERT INTO team_members (team_id, user_id, is_captain, joined_at)
     SELECT $1::int + k, $2::int + (k - 1) * 5 + p + 1, p = 0, now() - interval '2 years'
       FROM generate_series(1, $3::int) k, generate_series(0, 4) p`,
    [T0, U0, T],
  );
  await insert(
    'ladder_teams',
    `INSERT INTO ladder_teams (ladder_id, team_id, rating, wins, losses, draws, joined_at)
     SELECT $1::int + (k - 1) % $3::int + 1, $2::int + k, 1000 + abs(hashint4(k)) % 500 - 250,
            abs(hashint4(k + 1)) % 150, abs(hashint4(k + 2)) % 150, 0,
            now() - interval '2 years' + k * interval '1 second'
       FROM generate_series(1, $4::int) k`,
    [L0, T0, L, T],
  );

  // The first (closed) season's kept final standings, as closing it keeps them: every team of the ladder
  // with figures of its own, ranked in the ladder page's order (the teams leaderboard of a closed season).
  await insert(
    'ladder_season_standings',
    `INSERT INTO ladder_season_standings (season_id, team_id, rank, rating, wins, losses, draws)
     SELECT s.id, x.team_id,
            row_number() OVER (PARTITION BY s.id ORDER BY x.rating DESC, x.wins DESC, x.team_id),
            x.rating, x.wins, x.losses, 0
       FROM (SELECT ladder_id, team_id, 1000 + abs(hashint4(team_id + 3)) % 500 - 250 AS rating,
                    abs(hashint4(team_id + 4)) % 75 AS wins, abs(hashint4(team_id + 5)) % 75 AS losses
               FROM ladder_teams WHERE ladder_id > $1::int) x
       JOIN ladder_seasons s ON s.ladder_id = x.ladder_id AND s.closed_at IS NOT NULL`,
    [L0],
  );

  // Matches: match m (1-based) is on ladder (m-1) % L, between its teams j1 and j2 (0-based within the
  // ladder); finished ones spread over two years, oldest first. The ten players and the veto follow.
  const matchPairs = (from: string) => `
    WITH g AS (SELECT m, (m - 1) % $3::int AS l, ((m - 1) / $3::int) % $4::int AS j1,
                      abs(hashint4(m)) % ($4::int - 1) AS skip
                 FROM ${from}),
         p AS (SELECT m, l, $2::int + l + 1 + $3::int * j1 AS t1,
                      $2::int + l + 1 + $3::int * ((j1 + 1 + skip) % $4::int) AS t2 FROM g)`;
  const settings = `jsonb_build_object('mapPoolId', $6::int, 'vetoTurnSeconds', 30, 'promodMode', 'match_mr12',
      'scoreApprovalSeconds', null, 'disputeWindowSeconds', null)`;
  await insert(
    'matches',
    `${matchPairs('generate_series(1, $5::int) m')}
     INSERT INTO matches (id, type, status_id, game_id, ladder_id, challenger_team_id, opponent_team_id,
       challenger_captain_id, opponent_captain_id, team_size, best_of, start_date, location_id,
       veto_first_side, veto_step, challenger_score, opponent_score, winner_side, challenger_rating_delta,
       opponent_rating_delta, finished_at, version, created_at, updated_at, settings)
     SELECT $1::int + m, 'ladder', 5, $7, $8::int + l + 1, t1, t2,
            $9::int + (t1 - $2::int - 1) * 5 + 1, $9::int + (t2 - $2::int - 1) * 5 + 1, 5, 1, at + interval '10 minutes', $10,
            2, 6, w % 2, (w + 1) % 2, 2 - w % 2, CASE WHEN w % 2 = 1 THEN 12 ELSE -12 END,
            CASE WHEN w % 2 = 1 THEN -12 ELSE 12 END, at + interval '50 minutes', 30, at, at + interval '50 minutes',
            ${settings}
       FROM (SELECT p.*, abs(hashint4(m + 7)) AS w,
                    now() - interval '730 days' + (m::float8 / $5::int) * interval '729 days' AS at FROM p) x`,
    [M0, T0, L, perLadder, M, base.pool, base.game, L0, U0, base.location],
  );
  await insert(
    'match_players',
    `${matchPairs('generate_series(1, $5::int) m')}
     INSERT INTO match_players (match_id, user_id, side, team_id, is_captain, joined_at)
     SELECT $1::int + m, $6::int + (CASE s WHEN 1 THEN t1 ELSE t2 END - $2::int - 1) * 5 + q + 1, s,
            CASE s WHEN 1 THEN t1 ELSE t2 END, q = 0,
            now() - interval '730 days' + (m::float8 / $5::int) * interval '729 days'
       FROM p, generate_series(1, 2) s, generate_series(0, 4) q`,
    [M0, T0, L, perLadder, M, U0],
  );
  // The BO1 veto: six bans alternating from side 2 (team A), then the decider, played 13 to x.
  await insert(
    'match_maps',
    `INSERT INTO match_maps (match_id, map_id, position, map_order, map_index, removed_by_side, is_decider,
       acted_at, first_score, second_score)
     SELECT $1::int + m, ($2::int[])[(s + m) % 7 + 1], (s + m) % 7, CASE WHEN s = 6 THEN 1 END, s,
            CASE WHEN s < 6 THEN 2 - s % 2 END, s = 6,
            now() - interval '730 days' + (m::float8 / $3::int) * interval '729 days' + s * interval '20 seconds',
            CASE WHEN s = 6 THEN CASE WHEN abs(hashint4(m + 7)) % 2 = 1 THEN 13 ELSE abs(hashint4(m)) % 12 END END,
            CASE WHEN s = 6 THEN CASE WHEN abs(hashint4(m + 7)) % 2 = 1 THEN abs(hashint4(m)) % 12 ELSE 13 END END
       FROM generate_series(1, $3::int) m, generate_series(0, 6) s`,
    [M0, pool, M],
  );
  // Scheduled matches (not played yet) for the first teams of each ladder: the Active games panel.
  const A0 = M0 + M;
  await insert(
    'matches',
    `${matchPairs('generate_series(1, $5::int) m')}
     INSERT INTO matches (id, type, status_id, game_id, ladder_id, challenger_team_id, opponent_team_id,
       challenger_captain_id, opponent_captain_id, team_size, best_of, start_date, version, created_at,
       updated_at, settings)
     SELECT $1::int + m, 'ladder', 3, $7, $8::int + l + 1, t1, t2,
            $9::int + (t1 - $2::int - 1) * 5 + 1, $9::int + (t2 - $2::int - 1) * 5 + 1, 5, 1,
            now() + interval '30 days' + m * interval '1 minute', 2, now(), now(), ${settings}
       FROM p`,
    [A0, T0, L, perLadder, A, base.pool, base.game, L0, U0],
  );
  await insert(
    'match_players',
    `${matchPairs('generate_series(1, $5::int) m')}
     INSERT INTO match_players (match_id, user_id, side, team_id, is_captain, joined_at)
     SELECT $1::int + m, $6::int + (CASE s WHEN 1 THEN t1 ELSE t2 END - $2::int - 1) * 5 + q + 1, s,
            CASE s WHEN 1 THEN t1 ELSE t2 END, q = 0, now()
       FROM p, generate_series(1, 2) s, generate_series(0, 4) q`,
    [A0, T0, L, perLadder, A, U0],
  );
  // Solo-queue matches of one queue, finished over the last year: match s (1-based) takes the ten players
  // after the previous match's in id order (a different shift each time round everyone), side 1 the first
  // five; one map each, with a statistics row per player (the FPS list and the game-wide rating list).
  const S = sizes.soloMatches;
  const S0 = A0 + A;
  const queue = await one<{ id: number }>(
    client,
    `INSERT INTO solo_queues (game_id, map_pool_id, name, slug, team_size)
     VALUES ($1, $2, 'Large Queue', 'large-queue', 5) RETURNING id`,
    [base.game, base.pool],
  );
  const soloPlayer = (q: string) =>
    `$3::int + (((s - 1) * 10 + ${q} + ((s - 1) * 10 / $4::int) * 3) % $4::int) + 1`;
  await insert(
    'matches',
    `INSERT INTO matches (id, type, status_id, game_id, solo_queue_id, challenger_captain_id,
       opponent_captain_id, team_size, best_of, start_date, location_id, challenger_score, opponent_score,
       winner_side, finished_at, version, created_at, updated_at, settings)
     SELECT $1::int + s, 'solo-queue', 5, $5, $6, ${soloPlayer('0')}, ${soloPlayer('5')}, 5, 1,
            at + interval '10 minutes', $7, w % 2, (w + 1) % 2, 2 - w % 2, at + interval '50 minutes', 30, at,
            at + interval '50 minutes', ${settings.replace('$6::int', '$8::int')}
       FROM (SELECT s, abs(hashint4(s + 11)) AS w,
                    now() - interval '365 days' + (s::float8 / $2::int) * interval '364 days' AS at
               FROM generate_series(1, $2::int) s) x`,
    [S0, S, U0, U, base.game, queue.id, base.location, base.pool],
  );
  await insert(
    'match_players',
    `INSERT INTO match_players (match_id, user_id, side, is_captain, joined_at)
     SELECT $1::int + s, ${soloPlayer('q')}, 1 + q / 5, q % 5 = 0,
            now() - interval '365 days' + (s::float8 / $2::int) * interval '364 days'
       FROM generate_series(1, $2::int) s, generate_series(0, 9) q`,
    [S0, S, U0, U],
  );
  await insert(
    'match_maps',
    `INSERT INTO match_maps (match_id, map_id, position, map_order, map_index, is_decider, first_score, second_score)
     SELECT $1::int + s, ($2::int[])[s % 7 + 1], 0, 1, 0, true,
            CASE WHEN abs(hashint4(s + 11)) % 2 = 1 THEN 13 ELSE abs(hashint4(s)) % 12 END,
            CASE WHEN abs(hashint4(s + 11)) % 2 = 1 THEN abs(hashint4(s)) % 12 ELSE 13 END
       FROM generate_series(1, $3::int) s`,
    [S0, pool, S],
  );
  await insert(
    'player_map_stats',
    `INSERT INTO player_map_stats (match_id, match_map_id, map_id, user_id, guid, in_game_name, side, kills,
       deaths, rounds_played, rounds_survived, rounds_1k, rounds_2k, rounds_3k)
     SELECT mp.match_id, mm.id, mm.map_id, mp.user_id, 'large' || mp.user_id, 'u' || (mp.user_id - $2::int),
            mp.side, k, d, r, greatest(r - d, 0), k - 2 * (k / 4) - 3 * (k / 9), k / 4, k / 9
       FROM (SELECT mp.*, abs(hashint4(mp.match_id * 16 + mp.user_id)) % 25 AS k,
                    abs(hashint4(mp.match_id * 16 + mp.user_id + 1)) % 15 AS d
               FROM match_players mp WHERE mp.match_id > $1::int) mp
       JOIN (SELECT match_id, id, map_id, first_score + second_score AS r FROM match_maps WHERE match_id > $1::int) mm
         ON mm.match_id = mp.match_id`,
    [S0, U0],
  );

  // Notifications: the first heavyUsers users get heavyNotifications each, the rest go round everyone;
  // one in twenty unseen.
  const heavy = sizes.heavyUsers * sizes.heavyNotifications;
  await insert(
    'notifications',
    `INSERT INTO notifications (user_id, type, message, data, seen_at, created_at)
     SELECT $1::int + CASE WHEN i <= $2::int THEN (i - 1) / $3::int ELSE (i - 1) % $4::int END + 1,
            'match_finished', 'Your match <b>#' || (i % 1000000 + 1) || '</b> has finished.',
            jsonb_build_object('redirectUrl', '/match/' || (i % 1000000 + 1)),
            CASE WHEN abs(hashint4(i)) % 20 = 0 THEN NULL ELSE at + interval '1 hour' END, at
       FROM (SELECT i, now() - interval '730 days' + (i::float8 / $5::int) * interval '729 days' AS at
               FROM generate_series(1, $5::int) i) x`,
    [U0, heavy, sizes.heavyNotifications, U, N],
  );

  await step(log, `building ${String(indexes.length)} indexes`, async () => {
    for (const i of indexes) await client.query(i.def);
  });
  await client.query(`SET session_replication_role = origin`);
  // The leaderboards' summary (its triggers were off for the load): built from the rows above at once.
  await client.query(`SET work_mem = '512MB'`);
  await step(log, 'leaderboard_entries', () => client.query('SELECT leaderboard_rebuild()'));
  await step(log, 'sequences', async () => {
    for (const table of [...BULK_TABLES, 'ladders'])
      await client.query(
        `SELECT setval(pg_get_serial_sequence('public.${table}', 'id'), (SELECT max(id) FROM public.${table}))`,
      );
  });
  await step(log, 'VACUUM ANALYZE', async () => {
    for (const table of [...BULK_TABLES, 'ladders', 'ladder_season_standings', 'leaderboard_entries'])
      await client.query(`VACUUM ANALYZE public.${table}`);
  });

  // The tournament: the last teams signed up, due now; the caller starts it (the bracket is generated by
  // the app's bracket code, as the sweeper would).
  const tournamentSlug = 'large-cup';
  const n = sizes.tournamentTeams;
  await insert(
    'tournaments',
    `INSERT INTO tournaments (game_id, map_pool_id, name, slug, description, team_size, max_teams,
       signup_deadline, start_date, status, best_of, final_best_of)
     VALUES ($1, $2, 'Large Cup', $3, 'Single elimination, the large world''s cup.', 5, $4,
       now() - interval '1 hour', now() - interval '1 minute', 'upcoming', 1, 3)`,
    [base.game, base.pool, tournamentSlug, n],
  );
  await insert(
    'tournament_teams',
    `INSERT INTO tournament_teams (tournament_id, team_id, signed_up_at)
     SELECT (SELECT id FROM tournaments WHERE slug = $1), $2::int + k, now() - interval '2 hours'
       FROM generate_series($3::int - $4::int + 1, $3::int) k`,
    [tournamentSlug, T0, T, n],
  );

  return { seconds: (performance.now() - started) / 1000, rows, userBase: U0, tournamentSlug };
}
