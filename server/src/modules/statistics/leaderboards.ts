// Leaderboards per game and season (docs/statistics.md, "Leaderboards"): the filters are resolved here
// (422 for a game, competition or season that is not there), the queries are leaderboards.repository.ts.
import type {
  FpsLeaderboard,
  FpsLeaderboardQuery,
  LeaderboardOptions,
  RatingLeaderboard,
  RatingLeaderboardQuery,
  TeamLeaderboard,
  TeamLeaderboardQuery,
} from '@versus/common/api/leaderboards';
import type { PageLinks, PageMeta } from '@versus/common/api/pagination';
import { PROVISIONAL_SIGMA } from '@versus/common/match/skill';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { kdRatio } from './fps-rating.ts';
import {
  closedStandingsPage,
  findCompetition,
  findGame,
  firstLadder,
  fpsLeaderboardPage,
  ladderSeasonsOf,
  leaderboardOptionRows,
  liveStandingsPage,
  ratingLeaderboardPage,
  type MatchFilter,
} from './leaderboards.repository.ts';

type CompetitionType = 'ladder' | 'tournament' | 'solo-queue';

interface Filters {
  game?: string | undefined;
  competition?: string | undefined;
  season?: number | undefined;
}

const invalid = (field: string, text: string) => new ValidationError({ [field]: [text] });

/** The game and the competition named by the query, or 422. */
async function resolveFilters(db: Db, query: Filters) {
  const game = await findGame(db, query.game);
  if (!game) throw invalid('game', 'The selected game is invalid.');
  let competition: { type: CompetitionType; id: number; slug: string; name: string } | null = null;
  if (query.competition) {
    const at = query.competition.indexOf(':');
    const type = query.competition.slice(0, at) as CompetitionType;
    const row = await findCompetition(db, game.id, type, query.competition.slice(at + 1));
    if (!row) throw invalid('competition', 'The selected competition is invalid.');
    competition = { type, ...row };
  }
  return { game, competition };
}

/** The ladder season `number` (422 without a ladder or for a season the ladder does not have). */
async function resolveSeason(db: Db, ladder: { type: CompetitionType; id: number } | null, number: number) {
  if (ladder?.type !== 'ladder') throw invalid('season', 'A season needs a ladder competition.');
  const season = (await ladderSeasonsOf(db, ladder.id)).find((s) => s.number === number);
  if (!season) throw invalid('season', 'The selected season is invalid.');
  return season;
}

async function matchFilter(db: Db, query: Filters): Promise<MatchFilter> {
  const { game, competition } = await resolveFilters(db, query);
  // A season's players are the summary's key of the season (its window is kept by the database's triggers).
  const seasonId =
    query.season === undefined ? null : (await resolveSeason(db, competition, query.season)).id;
  return { gameId: game.id, competition, seasonId };
}

/** Links that keep the query's other parameters. */
function links(path: string, query: Record<string, string | number | undefined>, meta: PageMeta): PageLinks {
  const at = (n: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key !== 'page' && value !== undefined) params.set(key, String(value));
    }
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  return {
    first: at(1),
    last: at(meta.last_page),
    prev: meta.current_page > 1 ? at(Math.min(meta.current_page - 1, meta.last_page)) : null,
    next: meta.current_page < meta.last_page ? at(meta.current_page + 1) : null,
  };
}

const slice = (query: { page: number; perPage: number }) => ({
  offset: (query.page - 1) * query.perPage,
  limit: query.perPage,
});

/** `GET /api/v1/leaderboards/players/rating` */
export async function ratingLeaderboard(db: Db, query: RatingLeaderboardQuery): Promise<RatingLeaderboard> {
  const filter = await matchFilter(db, query);
  const { rows, total, firstRank } = await ratingLeaderboardPage(
    db,
    filter,
    query.country ?? null,
    slice(query),
  );
  let rank = firstRank;
  const data = rows.map((row, i) => {
    const previous = rows[i - 1];
    if (previous && previous.rating !== row.rating) rank = (query.page - 1) * query.perPage + i + 1;
    return {
      rank,
      userId: row.userId,
      username: row.username,
      flag: row.flag,
      rating: row.rating,
      provisional: row.sigma > PROVISIONAL_SIGMA,
      matches: row.matches,
    };
  });
  const meta = pageMeta(query.page, query.perPage, total, data.length);
  return { data, meta, links: links('/api/v1/leaderboards/players/rating', query, meta) };
}

/** `GET /api/v1/leaderboards/players/fps` */
export async function fpsLeaderboard(db: Db, query: FpsLeaderboardQuery): Promise<FpsLeaderboard> {
  const filter = await matchFilter(db, query);
  const { rows, total } = await fpsLeaderboardPage(
    db,
    filter,
    query.country ?? null,
    query.minMatches,
    slice(query),
  );
  const data = rows.map((row) => ({
    rank: row.rank,
    userId: row.userId,
    username: row.username,
    flag: row.flag,
    fpsRating: row.fpsRating,
    matches: row.matches,
    rounds: row.rounds,
    kills: row.kills,
    deaths: row.deaths,
    kdRatio: kdRatio(row.kills, row.deaths),
  }));
  const meta = pageMeta(query.page, query.perPage, total, data.length);
  return {
    data,
    minMatches: query.minMatches,
    meta,
    links: links('/api/v1/leaderboards/players/fps', query, meta),
  };
}

/**
 * `GET /api/v1/leaderboards/teams`: the standings of the ladder named by `competition` (the game's first
 * ladder when absent) in `season`: the live standings for the current season (or none given), the kept
 * final standings of a closed one.
 */
export async function teamLeaderboard(db: Db, query: TeamLeaderboardQuery): Promise<TeamLeaderboard> {
  const { game, competition } = await resolveFilters(db, query);
  if (competition && competition.type !== 'ladder') {
    throw invalid('competition', 'Teams are ranked by ladder standing: choose a ladder.');
  }
  const ladder = competition ?? (await firstLadder(db, game.id));
  const path = '/api/v1/leaderboards/teams';
  if (!ladder) {
    const meta = pageMeta(query.page, query.perPage, 0, 0);
    return { data: [], ladder: null, season: null, meta, links: links(path, query, meta) };
  }
  const seasons = await ladderSeasonsOf(db, ladder.id);
  const current = seasons.find((s) => s.startedAt !== null && s.closedAt === null) ?? null;
  const season =
    query.season === undefined
      ? current
      : await resolveSeason(db, { type: 'ladder', id: ladder.id }, query.season);
  const closed = season !== null && season.id !== current?.id && season.closedAt !== null;
  const { rows, total } = closed
    ? await closedStandingsPage(db, season.id, slice(query))
    : season !== null && season.id !== current?.id
      ? { rows: [], total: 0 } // a season not started yet: no standings
      : await liveStandingsPage(db, ladder.id, slice(query));
  const meta = pageMeta(query.page, query.perPage, total, rows.length);
  return {
    data: rows,
    ladder: { slug: ladder.slug, name: ladder.name },
    season: season ? { number: season.number, name: season.name, closed } : null,
    meta,
    links: links(path, query, meta),
  };
}

/** `GET /api/v1/leaderboards`: the filters' choices. */
export async function leaderboardOptions(db: Db): Promise<LeaderboardOptions> {
  const rows = await leaderboardOptionRows(db);
  return {
    games: rows.gameRows.map((game) => ({
      slug: game.slug,
      name: game.name,
      competitions: [
        ...rows.ladderRows
          .filter((l) => l.gameId === game.id)
          .map((l) => ({
            key: `ladder:${l.slug}`,
            type: 'ladder' as const,
            name: l.name,
            seasons: rows.seasonRows
              .filter((s) => s.ladderId === l.id)
              .map((s) => ({ number: s.number, name: s.name })),
          })),
        ...rows.tournamentRows
          .filter((t) => t.gameId === game.id)
          .map((t) => ({
            key: `tournament:${t.slug}`,
            type: 'tournament' as const,
            name: t.name,
            seasons: [],
          })),
        ...rows.queueRows
          .filter((q) => q.gameId === game.id)
          .map((q) => ({
            key: `solo-queue:${q.slug}`,
            type: 'solo-queue' as const,
            name: q.name,
            seasons: [],
          })),
      ],
    })),
    countries: rows.countryRows.flatMap((row) => (row.flag ? [row.flag] : [])),
  };
}
