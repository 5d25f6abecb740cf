// The leaderboards' queries (docs/statistics.md, "Leaderboards"). Each list reads one page in the order its
// index keeps: the players' lists read the summary `leaderboard_entries` (kept by triggers, migration 0025)
// through `leaderboard_entries_rating_idx` / `_flag_rating_idx` / `_fps_idx` / `_flag_fps_idx`; a ladder's
// standings `ladder_teams_standings_idx`; a closed season `ladder_season_standings_rank_idx`. A ladder
// season's players are a key of the summary too (`ladder-season:{id}`, migration 0027), read the same way.
// Each page is a deferred join: its rows are picked by an index-only walk past the rows before it, and only
// they are read whole and joined, so page N costs about what page 1 does (migration 0028 for the teams).
import { and, asc, desc, eq, getTableColumns, gt, gte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  games,
  ladderSeasons,
  ladderSeasonStandings,
  ladderTeams,
  ladders,
  leaderboardEntries,
  soloQueues,
  teams,
  tournaments,
  users,
} from '../../db/schema/index.ts';

/** Which matches a player list counts: finished and played (no walkover), of one game, maybe narrower. */
export interface MatchFilter {
  gameId: number;
  /** Only matches of this competition; without one the rating list takes the game's solo-queue matches. */
  competition: { type: 'ladder' | 'tournament' | 'solo-queue'; id: number } | null;
  /** Only the ladder's matches finished in this season's window (its id; the competition is its ladder). */
  seasonId: number | null;
}

const entries = leaderboardEntries;

/**
 * The summary's key of a list: a ladder season's (`ladder-season:{id}`), else the competition's, else the
 * game's solo-queue matches (`solo`, the rating list) or all its matches (`all`, the FPS list).
 */
export function entryKey(filter: MatchFilter, list: 'rating' | 'fps'): string {
  if (filter.seasonId !== null) return `ladder-season:${String(filter.seasonId)}`;
  const c = filter.competition;
  if (c) return `${c.type}:${String(c.id)}`;
  return list === 'rating' ? 'solo' : 'all';
}

/**
 * The summary row of a page's player (its primary key), read after the page's keys are picked. The page's
 * rows are joined through a LATERAL subquery with LIMIT 1: the planner does not flatten such a subquery into
 * the join, so each page row is one primary-key probe, never a hash join over a whole table (which it
 * prefers on a small one, where a plan costs alike either way).
 */
function pageEntry(filter: MatchFilter, list: 'rating' | 'fps', userId: AnyColumn) {
  return and(
    eq(entries.userId, userId),
    eq(entries.gameId, filter.gameId),
    eq(entries.key, entryKey(filter, list)),
  );
}

/** The summary rows of the rating list (a counted match played): `leaderboard_entries_(flag_)rating_idx`. */
function ratingEntries(filter: MatchFilter, country: string | null) {
  return and(
    eq(entries.gameId, filter.gameId),
    eq(entries.key, entryKey(filter, 'rating')),
    country ? eq(entries.flag, country) : undefined,
    sql`${entries.matches} > 0`,
  );
}

/**
 * The rows of one page of the players by rating (rating, then who registered first), from the summary. A
 * deferred join: the page's keys are picked by an index-only walk of `leaderboard_entries_(flag_)rating_idx`
 * past the rows before it (OFFSET), and only those `limit` players are joined to their summary row and to
 * `users`; joined first, a deep page fetched and joined every skipped row (docs/statistics.md, "Leaderboards").
 */
export function ratingRowsQuery(
  db: Db,
  filter: MatchFilter,
  country: string | null,
  page: { offset: number; limit: number },
) {
  const keys = db
    .select({ userId: entries.userId, elo: entries.elo })
    .from(entries)
    .where(ratingEntries(filter, country))
    .orderBy(desc(entries.elo), asc(entries.userId))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const player = db
    .select({ username: users.username, sigma: users.sigma, flag: entries.flag, matches: entries.matches })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(pageEntry(filter, 'rating', keys.userId))
    .limit(1)
    .as('player');
  return db
    .select({
      userId: keys.userId,
      username: player.username,
      flag: player.flag,
      rating: keys.elo,
      sigma: player.sigma,
      matches: player.matches,
    })
    .from(keys)
    .innerJoinLateral(player, sql`true`)
    .orderBy(desc(keys.elo), asc(keys.userId));
}

/** How many players the rating list holds (with `above`, how many rate higher): an index-only count. */
export function ratingCountQuery(db: Db, filter: MatchFilter, country: string | null, above?: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(entries)
    .where(and(ratingEntries(filter, country), above === undefined ? undefined : gt(entries.elo, above)));
}

/**
 * A long list's size, kept a little while. Counting a game-wide list reads every one of its index entries
 * (100,000 players: 6 ms on a quiet machine, tens under load), on every page of it; its size moves only when
 * a player plays their first counted match or changes country. So a count of at least
 * `LIST_SIZE_CACHE_FROM` entries is reused for up to `LIST_SIZE_CACHE_MS` (the total and the last page may be
 * that much behind; the rows and the ranks never are); a shorter list is always counted.
 */
export const LIST_SIZE_CACHE_FROM = 1_000;
export const LIST_SIZE_CACHE_MS = 30_000;
const LIST_SIZE_CACHE_ENTRIES = 1_000;
const listSizes = new WeakMap<Db, Map<string, { n: number; at: number }>>();

async function listSize(db: Db, key: string, count: () => Promise<{ n: number }[]>): Promise<number> {
  let sizes = listSizes.get(db);
  if (!sizes) {
    sizes = new Map();
    listSizes.set(db, sizes);
  }
  const now = Date.now();
  const kept = sizes.get(key);
  if (kept && now - kept.at < LIST_SIZE_CACHE_MS) return kept.n;
  const n = (await count())[0]?.n ?? 0;
  sizes.delete(key);
  if (n >= LIST_SIZE_CACHE_FROM) {
    sizes.set(key, { n, at: now });
    // The oldest goes first (a Map keeps insertion order).
    if (sizes.size > LIST_SIZE_CACHE_ENTRIES) sizes.delete(sizes.keys().next().value ?? '');
  }
  return n;
}

/** One page of the players by rating, the total and the first row's rank. */
export async function ratingLeaderboardPage(
  db: Db,
  filter: MatchFilter,
  country: string | null,
  page: { offset: number; limit: number },
) {
  const sizeKey = `rating ${String(filter.gameId)} ${entryKey(filter, 'rating')} ${country ?? ''}`;
  const [rows, total] = await Promise.all([
    ratingRowsQuery(db, filter, country, page),
    listSize(db, sizeKey, () => ratingCountQuery(db, filter, country)),
  ]);
  const first = rows[0];
  const [above] = first ? await ratingCountQuery(db, filter, country, first.rating) : [];
  return { rows, total, firstRank: (above?.n ?? 0) + 1 };
}

/** The summary rows of the FPS list (`minMatches` matches with statistics, a round played). */
function fpsEntries(filter: MatchFilter, country: string | null, minMatches: number) {
  return and(
    eq(entries.gameId, filter.gameId),
    eq(entries.key, entryKey(filter, 'fps')),
    country ? eq(entries.flag, country) : undefined,
    sql`${entries.fpsRating} is not null`,
    gte(entries.statMatches, minMatches),
  );
}

/**
 * The rows of one page of the players by FPS rating (rating, then more matches, then who registered first)
 * from the summary, a deferred join as the rating list's: the page's keys off an index-only walk of
 * `leaderboard_entries_(flag_)fps_idx` (the minimum of matches checked on the index), then those rows joined.
 */
export function fpsRowsQuery(
  db: Db,
  filter: MatchFilter,
  country: string | null,
  minMatches: number,
  page: { offset: number; limit: number },
) {
  const keys = db
    .select({ userId: entries.userId, fpsRating: entries.fpsRating, statMatches: entries.statMatches })
    .from(entries)
    .where(fpsEntries(filter, country, minMatches))
    .orderBy(desc(entries.fpsRating), desc(entries.statMatches), asc(entries.userId))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const player = db
    .select({
      username: users.username,
      flag: entries.flag,
      rounds: entries.roundsPlayed,
      kills: entries.kills,
      deaths: entries.deaths,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(pageEntry(filter, 'fps', keys.userId))
    .limit(1)
    .as('player');
  return db
    .select({
      userId: keys.userId,
      username: player.username,
      flag: player.flag,
      fpsRating: sql<string>`${keys.fpsRating}`,
      matches: keys.statMatches,
      rounds: player.rounds,
      kills: player.kills,
      deaths: player.deaths,
    })
    .from(keys)
    .innerJoinLateral(player, sql`true`)
    .orderBy(desc(keys.fpsRating), desc(keys.statMatches), asc(keys.userId));
}

/** How many players the FPS list holds (with `above`, how many rate higher): an index-only count. */
export function fpsCountQuery(
  db: Db,
  filter: MatchFilter,
  country: string | null,
  minMatches: number,
  above?: string,
) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(entries)
    .where(
      and(
        fpsEntries(filter, country, minMatches),
        above === undefined ? undefined : sql`${entries.fpsRating} > ${above}::numeric`,
      ),
    );
}

/** One page of the players by FPS rating, each row's rank (shared on equal ratings) and the total. */
export async function fpsLeaderboardPage(
  db: Db,
  filter: MatchFilter,
  country: string | null,
  minMatches: number,
  page: { offset: number; limit: number },
) {
  const sizeKey = `fps ${String(filter.gameId)} ${entryKey(filter, 'fps')} ${country ?? ''} ${String(minMatches)}`;
  const [rows, total] = await Promise.all([
    fpsRowsQuery(db, filter, country, minMatches, page),
    listSize(db, sizeKey, () => fpsCountQuery(db, filter, country, minMatches)),
  ]);
  const first = rows[0];
  const [above] = first ? await fpsCountQuery(db, filter, country, minMatches, first.fpsRating) : [];
  let rank = (above?.n ?? 0) + 1;
  const ranked = rows.map((row, i) => {
    const previous = rows[i - 1];
    if (previous && previous.fpsRating !== row.fpsRating) rank = page.offset + i + 1;
    return { ...row, fpsRating: Number(row.fpsRating), rank };
  });
  return { rows: ranked, total };
}

/** The columns of a standings row a page shows besides its team's, by the names the page gives them. */
type StandingsColumns = Record<'teamId' | 'rating' | 'wins' | 'losses' | 'draws', AnyPgColumn>;

/** The named columns of a table, in the order named (the order a select lists them). */
function pick<T, const K extends keyof T>(columns: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T, K>;
}

/**
 * One page of teams' standings as a deferred join: the page's rows read off the index of `order` alone
 * (`columns`, all on that index, and only those picked by `where`, past the rows before the page), then only
 * they joined to their teams, each through a LATERAL subquery with LIMIT 1 (one primary-key probe a row, see
 * `pageEntry`). `order` is applied to the table's columns and again to the page's, so both keep one order;
 * `lead` picks the page's columns shown before the team's.
 */
function standingsQuery<
  C extends StandingsColumns & Record<string, AnyPgColumn>,
  L extends Record<string, AnyPgColumn> = Record<never, AnyPgColumn>,
>(
  db: Db,
  from: {
    table: PgTable;
    where: SQL;
    columns: C;
    order: (row: C) => SQL[];
    lead?: (row: C) => L;
  },
  page: { offset: number; limit: number },
) {
  const columns: Record<string, AnyPgColumn> = from.columns;
  const rows = db
    .select(columns)
    .from(from.table)
    .where(from.where)
    .orderBy(...from.order(from.columns))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  // The page's columns, typed as the table's they select (drizzle types them alike but for the table's name).
  const row = rows as unknown as C;
  const team = db
    .select({ id: teams.id, slug: teams.slug, name: teams.name, tag: teams.tag })
    .from(teams)
    .where(eq(teams.id, row.teamId))
    .limit(1)
    .as('team');
  return db
    .select({
      ...(from.lead?.(row) as L),
      teamId: team.id,
      slug: team.slug,
      name: team.name,
      tag: team.tag,
      rating: row.rating,
      wins: row.wins,
      losses: row.losses,
      draws: row.draws,
    })
    .from(rows)
    .innerJoinLateral(team, sql`true`)
    .orderBy(...from.order(row));
}

/**
 * The rows of one page of a ladder's live standings, in the ladder page's order: the page's standings rows
 * read off `ladder_teams_standings_idx` alone (it holds the whole order and the rest of the row, after the
 * id), then only those joined to their teams.
 */
export function liveStandingsQuery(db: Db, ladderId: number, page: { offset: number; limit: number }) {
  const t = ladderTeams;
  const columns = pick(getTableColumns(t), ['id', 'teamId', 'rating', 'wins', 'losses', 'draws', 'joinedAt']);
  const order = (row: typeof columns) => [desc(row.rating), desc(row.wins), asc(row.joinedAt), asc(row.id)];
  return standingsQuery(db, { table: t, where: eq(t.ladderId, ladderId), columns, order }, page);
}

/** One page of a ladder's live standings and the total. */
export async function liveStandingsPage(db: Db, ladderId: number, page: { offset: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    liveStandingsQuery(db, ladderId, page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ladderTeams)
      .where(eq(ladderTeams.ladderId, ladderId)),
  ]);
  return { rows: rows.map((row, i) => ({ ...row, rank: page.offset + i + 1 })), total: count?.n ?? 0 };
}

/**
 * The rows of one page of a closed season's kept standings, by their stored rank: the page's rows read off
 * `ladder_season_standings_rank_idx` alone (season, rank, team and the rest of the row), then only those
 * joined to their teams.
 */
export function closedStandingsQuery(db: Db, seasonId: number, page: { offset: number; limit: number }) {
  const s = ladderSeasonStandings;
  const columns = pick(getTableColumns(s), ['rank', 'teamId', 'rating', 'wins', 'losses', 'draws']);
  const lead = (row: typeof columns) => ({ rank: row.rank });
  const order = (row: typeof columns) => [asc(row.rank), asc(row.teamId)];
  return standingsQuery(db, { table: s, where: eq(s.seasonId, seasonId), columns, order, lead }, page);
}

/** One page of a closed season's kept standings and the total. */
export async function closedStandingsPage(db: Db, seasonId: number, page: { offset: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    closedStandingsQuery(db, seasonId, page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ladderSeasonStandings)
      .where(eq(ladderSeasonStandings.seasonId, seasonId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A game by slug, or the first game when no slug is given. */
export async function findGame(db: Db, slug: string | undefined) {
  const [row] = await db
    .select({ id: games.id, slug: games.slug, name: games.name })
    .from(games)
    .where(slug === undefined ? undefined : eq(games.slug, slug))
    .orderBy(asc(games.id))
    .limit(1);
  return row ?? null;
}

/** A competition of the game by type and slug. */
export async function findCompetition(
  db: Db,
  gameId: number,
  type: 'ladder' | 'tournament' | 'solo-queue',
  slug: string,
) {
  const table = type === 'ladder' ? ladders : type === 'tournament' ? tournaments : soloQueues;
  const [row] = await db
    .select({ id: table.id, slug: table.slug, name: table.name })
    .from(table)
    .where(and(eq(table.gameId, gameId), eq(table.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The game's first ladder that is not archived (the teams list's default). */
export async function firstLadder(db: Db, gameId: number) {
  const [row] = await db
    .select({ id: ladders.id, slug: ladders.slug, name: ladders.name })
    .from(ladders)
    .where(and(eq(ladders.gameId, gameId), sql`${ladders.archivedAt} is null`))
    .orderBy(asc(ladders.id))
    .limit(1);
  return row ?? null;
}

export async function ladderSeasonsOf(db: Db, ladderId: number) {
  return db
    .select()
    .from(ladderSeasons)
    .where(eq(ladderSeasons.ladderId, ladderId))
    .orderBy(desc(ladderSeasons.number));
}

/** What the filters offer: games, their competitions (ladders with seasons), the players' countries. */
export async function leaderboardOptionRows(db: Db) {
  const [gameRows, ladderRows, tournamentRows, queueRows, seasonRows, countryRows] = await Promise.all([
    db.select({ id: games.id, slug: games.slug, name: games.name }).from(games).orderBy(asc(games.id)),
    db
      .select({ id: ladders.id, gameId: ladders.gameId, slug: ladders.slug, name: ladders.name })
      .from(ladders)
      .where(sql`${ladders.archivedAt} is null`)
      .orderBy(asc(ladders.name)),
    db
      .select({
        id: tournaments.id,
        gameId: tournaments.gameId,
        slug: tournaments.slug,
        name: tournaments.name,
      })
      .from(tournaments)
      .orderBy(asc(tournaments.name)),
    db
      .select({ id: soloQueues.id, gameId: soloQueues.gameId, slug: soloQueues.slug, name: soloQueues.name })
      .from(soloQueues)
      .orderBy(asc(soloQueues.name)),
    db
      .select({ ladderId: ladderSeasons.ladderId, number: ladderSeasons.number, name: ladderSeasons.name })
      .from(ladderSeasons)
      .orderBy(desc(ladderSeasons.number)),
    db
      .selectDistinct({ flag: users.flag })
      .from(users)
      .where(sql`${users.flag} ~ '^[a-z]{2}$'`)
      .orderBy(asc(users.flag)),
  ]);
  return { gameRows, ladderRows, tournamentRows, queueRows, seasonRows, countryRows };
}
