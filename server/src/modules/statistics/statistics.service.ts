// Reads a match's statistics for the Match Overview scoreboard.
import type { MatchStatisticsView } from '@versus/common/stats/statistics';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { presentStatistics, seriesScore } from './statistics.presenter.ts';
import { readMatchForView } from '../matches/index.ts';
import { matchMapsWithNames, matchRoster, matchSummary, namesOf, statsOfMatch } from './stats.repository.ts';

/** How long one load of a match's statistics answers every reader of the same match version. */
const SHARED_MS = 1000;
const MAX_SHARED = 2000;

const sharedLoads = new WeakMap<AppContext, Map<number, SharedLoad>>();

interface SharedLoad {
  version: number;
  at: number;
  answer: Promise<MatchStatisticsView>;
  /** The answer's body, encoded once for every reader of this load (with its ETag). */
  encoded?: Promise<EncodedBody>;
}

/**
 * The scoreboard for every reader: one load per match version for at most `SHARED_MS`, shared by the
 * readers of that time (a room full of spectators asks at once when the score is entered). The version
 * comes from the match read cache; a log batch replacing the statistics bumps it, which this instance sees
 * within `MATCH_READ_CACHE_TTL_MS`, so a reader may get the previous scoreboard for about a second after
 * a batch. Without the read cache (`MATCH_READ_CACHE_TTL_MS=0`) every read loads.
 * The answer is its JSON body `{"data": ...}` as bytes with its ETag, encoded (through the route's answer
 * schema, by `encode`) once per shared load: a room full of spectators refetching it after the score is one
 * load and one encoding.
 */
export async function sharedMatchStatisticsBody(
  ctx: AppContext,
  matchId: number,
  encode: (answer: { data: MatchStatisticsView }) => string,
): Promise<EncodedBody> {
  if (ctx.config.matches.readCacheTtlMs <= 0)
    return encodeBody(encode({ data: await matchStatistics(ctx.db, matchId) }));
  const load = await sharedLoad(ctx, matchId);
  load.encoded ??= load.answer.then((data) => encodeBody(encode({ data })));
  return load.encoded;
}

async function sharedLoad(ctx: AppContext, matchId: number): Promise<SharedLoad> {
  const { version } = (await readMatchForView(ctx, matchId)).row;
  let loads = sharedLoads.get(ctx);
  if (!loads) {
    loads = new Map();
    sharedLoads.set(ctx, loads);
  }
  const now = performance.now();
  const found = loads.get(matchId);
  if (found && found.version === version && now - found.at < SHARED_MS) return found;
  if (loads.size >= MAX_SHARED) loads.clear();
  const answer = matchStatistics(ctx.db, matchId);
  const entry: SharedLoad = { version, at: now, answer };
  loads.set(matchId, entry);
  answer.catch(() => {
    if (loads.get(matchId) === entry) loads.delete(matchId);
  });
  return entry;
}

/** The names of a match's two sides: the teams', else `Team <captain>` (solo queue), else a word. */
export async function sideNames(
  db: Db,
  match: Pick<
    NonNullable<Awaited<ReturnType<typeof matchSummary>>>,
    'challengerTeamId' | 'opponentTeamId' | 'challengerCaptainId' | 'opponentCaptainId'
  >,
): Promise<{ first: string; second: string }> {
  const teamIds = [match.challengerTeamId, match.opponentTeamId].filter((id): id is number => id !== null);
  const captainIds = [match.challengerCaptainId, match.opponentCaptainId].filter(
    (id): id is number => id !== null,
  );
  const names = await namesOf(db, teamIds, captainIds);
  const sideName = (teamId: number | null, captainId: number | null, fallback: string) =>
    (teamId !== null ? names.teams.get(teamId) : undefined) ??
    (captainId !== null ? `Team ${names.users.get(captainId) ?? fallback}` : fallback);
  return {
    first: sideName(match.challengerTeamId, match.challengerCaptainId, 'Challenger'),
    second: sideName(match.opponentTeamId, match.opponentCaptainId, 'Opponent'),
  };
}

/** The statistics view of a match; 404 when the match does not exist. */
export async function matchStatistics(db: Db, matchId: number): Promise<MatchStatisticsView> {
  const match = await matchSummary(db, matchId);
  if (!match) throw new NotFoundError('Match not found.');
  const [mapRows, roster, stats] = await Promise.all([
    matchMapsWithNames(db, matchId),
    matchRoster(db, matchId),
    statsOfMatch(db, matchId),
  ]);

  // Entered scores win over the log's; the log fills in while nobody has entered a score.
  const maps = mapRows
    .filter((m) => m.mapOrder !== null)
    .map((m) => ({
      matchMapId: m.id,
      mapId: m.mapId,
      name: m.name,
      image: m.image,
      firstScore: m.firstScore ?? m.logFirstScore,
      secondScore: m.secondScore ?? m.logSecondScore,
    }));
  const played = maps.filter(
    (m) => stats.some((s) => s.mapId === m.mapId) || (m.firstScore !== null && m.secondScore !== null),
  );
  return presentStatistics({
    gameSlug: match.gameSlug,
    teamNames: await sideNames(db, match),
    seriesScore: seriesScore({ first: match.challengerScore, second: match.opponentScore }, played),
    maps,
    roster,
    stats,
  });
}
