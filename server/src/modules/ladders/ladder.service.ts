// Ladder pages and joining. Challenges live in challenge.service.ts.
import { ladderPageAnswer, standingSchema } from '@versus/common/api/ladders';
import type { LadderPage, LadderSeason, LadderSummary } from '@versus/common/api/ladders';
import type { AppContext } from '../../core/app-context.ts';
import { newStamp, pageCache } from '../../core/page-cache.ts';
import { presentSeason, seasonsOf, seasonStandings } from './ladder-seasons.ts';
import type { Db } from '../../db/client.ts';
import type { LadderRow, UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { hasTeamSize } from '@versus/common/match/league-rules';
import { canChallenge } from './ladder.policies.ts';
import { presentLadderPage, presentLadderSummary } from './ladder.presenter.ts';
import {
  captainedTeams,
  findLadderByKey,
  insertLadderTeam,
  ladderStandings,
  listLadders,
  openChallengePairs,
} from './ladder-standings.repository.ts';
import { assertNotBanned } from '../bans/index.ts';

export const LADDER_TEXTS = {
  notFound: 'Ladder not found.',
  notCaptain: 'Only a team captain can join a ladder.',
  inactive: 'This ladder is closed.',
  alreadyJoined: 'The team is already on this ladder.',
  chooseTeam: 'Choose which of your teams joins the ladder.',
  joined: 'The team has joined the ladder.',
} as const;

export async function getLadders(db: Db): Promise<{ data: LadderSummary[] }> {
  const rows = await listLadders(db);
  return { data: rows.map((r) => presentLadderSummary(r.ladder, r.teamsCount)) };
}

export async function getLadderPage(
  db: Db,
  key: string,
  viewer: UserRow | null,
): Promise<{ data: LadderPage }> {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  const [standings, captained, seasonRows] = await Promise.all([
    ladderStandings(db, ladder.id),
    viewer ? captainedTeams(db, viewer.id, ladder.gameId) : [],
    seasonsOf(db, ladder.id),
  ]);
  const onLadder = new Set(standings.map((s) => s.team.id));
  const ownTeamIds = captained.filter((t) => onLadder.has(t.id)).map((t) => t.id);
  const openPairs = await openChallengePairs(db, ladder.id, ownTeamIds);
  const seasons = seasonRows.map(presentSeason);
  const view = { ownTeamIds, playableTeamIds: playable(captained, ownTeamIds, ladder), openPairs };
  return { data: presentLadderPage(ladder, standings, captained, view, seasons) };
}

type Captained = Awaited<ReturnType<typeof captainedTeams>>;

/** The viewer's teams on the ladder that have at least the ladder's team size of members. */
function playable(captained: Captained, ownTeamIds: number[], ladder: LadderRow): number[] {
  return captained
    .filter((t) => ownTeamIds.includes(t.id) && hasTeamSize(t.members, ladder.teamSize))
    .map((t) => t.id);
}

/** The captained teams as the page lists them. */
function captainedRefs(captained: Captained) {
  return captained.map(({ id, name, slug }) => ({ id, name, slug }));
}

type StandingRows = Awaited<ReturnType<typeof ladderStandings>>;

/** A ladder's page as every viewer sees it, and each standing's JSON up to its viewer-specific flags. */
interface LadderParts {
  ladder: LadderRow;
  rows: StandingRows;
  seasons: LadderSeason[];
  /** `{"rank":1,…,"joinedAt":"…"` of each standing, encoded through `standingSchema`. */
  heads: string[];
  /** The whole standings array for a viewer who captains no team on the ladder (every flag false). */
  neutral: string;
  bytes: number;
  /** The rows it was built from, as JSON. */
  source: string;
  stamp: number;
}

/** Each ladder's standings as last encoded, by the page's key (slug or id). */
const lastLadderParts = new Map<string, LadderParts>();

const VIEWER_FLAGS = ',"isOwnTeam":false,"canChallenge":false}';

async function readLadderParts(db: Db, key: string): Promise<LadderParts> {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  const [rows, seasonRows] = await Promise.all([ladderStandings(db, ladder.id), seasonsOf(db, ladder.id)]);
  // Read again after its time with nothing changed: the standings already encoded (and the answers built from
  // them, keyed by their stamp) stay.
  const source = JSON.stringify([ladder, rows, seasonRows]);
  const before = lastLadderParts.get(key);
  if (before?.source === source) return before;
  const heads = rows.map((s, i) => {
    const json = serializeAnswer(standingSchema, {
      rank: i + 1,
      team: { ...s.team, url: `/team/${s.team.slug}` },
      rating: s.entry.rating,
      wins: s.entry.wins,
      losses: s.entry.losses,
      draws: s.entry.draws,
      joinedAt: s.entry.joinedAt.toISOString(),
      isOwnTeam: false,
      canChallenge: false,
    });
    if (!json.endsWith(VIEWER_FLAGS)) throw new Error('a standing no longer ends with its viewer flags');
    return json.slice(0, -VIEWER_FLAGS.length);
  });
  const neutral = `[${heads.map((h) => h + VIEWER_FLAGS).join(',')}]`;
  const parts = {
    ladder,
    rows,
    seasons: seasonRows.map(presentSeason),
    heads,
    neutral,
    bytes: 2 * neutral.length,
    source,
    stamp: newStamp(),
  };
  if (lastLadderParts.size >= 256) lastLadderParts.clear();
  lastLadderParts.set(key, parts);
  return parts;
}

/** The ladder page as JSON, byte for byte what `getLadderPage` encoded through `ladderPageAnswer` gives. */
function ladderPageJson(parts: LadderParts, captained: Captained, openPairs: OpenPairs): string {
  const { ladder, rows } = parts;
  const onLadder = new Set(rows.map((s) => s.team.id));
  const ownTeamIds = captained.filter((t) => onLadder.has(t.id)).map((t) => t.id);
  const view = { ownTeamIds, playableTeamIds: playable(captained, ownTeamIds, ladder), openPairs };
  const standings =
    ownTeamIds.length === 0
      ? parts.neutral
      : `[${parts.heads
          .map((head, i) => {
            const teamId = rows[i]?.team.id ?? 0;
            const isOwnTeam = ownTeamIds.includes(teamId);
            const may = ladder.isActive && canChallenge(view, teamId, rows[i]?.captainId !== null);
            return `${head},"isOwnTeam":${String(isOwnTeam)},"canChallenge":${String(may)}}`;
          })
          .join(',')}]`;
  const page = presentLadderPage(ladder, [], captained, view, parts.seasons);
  const rest = serializeAnswer(ladderPageAnswer, {
    data: {
      ...page,
      teamsCount: rows.length,
      viewer: {
        challengerTeams: captainedRefs(captained).filter((t) => view.playableTeamIds.includes(t.id)),
        joinableTeams: ladder.isActive ? captainedRefs(captained).filter((t) => !onLadder.has(t.id)) : [],
      },
    },
  });
  const empty = '"standings":[]';
  const at = rest.indexOf(empty);
  if (at < 0) throw new Error('the ladder page answer has no standings');
  return `${rest.slice(0, at)}"standings":${standings}${rest.slice(at + empty.length)}`;
}

type OpenPairs = Awaited<ReturnType<typeof openChallengePairs>>;

/**
 * `GET /api/v1/ladders/{slug}` as encoded bytes (server/src/core/page-cache.ts). The answer stays the whole
 * standings, as the spec has it; the ladder, its standings (500 teams on a big ladder) and seasons are read
 * and encoded once per change, the viewer's captained teams and open challenges once per change and viewer,
 * and the page once per change and kind of viewer (a captain by id, everyone else alike), with an `ETag`.
 */
export async function getLadderPageBody(
  ctx: AppContext,
  key: string,
  viewer: UserRow | null,
): Promise<EncodedBody> {
  const cache = pageCache(ctx);
  const since = cache.ticket();
  const parts = await cache.get(`ladder:${key}`, async () => {
    const read = await readLadderParts(ctx.db, key);
    return { value: read, bytes: read.bytes };
  });
  const { ladder } = parts;
  const mine = viewer
    ? await cache.get(
        `captained:${String(viewer.id)}:${String(ladder.gameId)}`,
        async () => ({
          value: { teams: await captainedTeams(ctx.db, viewer.id, ladder.gameId) },
          bytes: 256,
        }),
        since,
      )
    : null;
  const captained = mine?.teams ?? [];
  const who =
    mine === null || captained.length === 0 ? '-' : `${String(viewer?.id)}:${JSON.stringify(captained)}`;
  return cache.get(
    `ladder:${key}:${String(parts.stamp)}:${who}`,
    async () => {
      const onLadder = new Set(parts.rows.map((s) => s.team.id));
      const ownTeamIds = captained.filter((t) => onLadder.has(t.id)).map((t) => t.id);
      const openPairs = await openChallengePairs(ctx.db, ladder.id, ownTeamIds);
      const body = encodeBody(ladderPageJson(parts, captained, openPairs));
      return { value: body, bytes: body.bytes.length };
    },
    since,
  );
}

/** A season's final standings, by the ladder's slug (or id) and the season's number. */
export async function getSeasonStandings(db: Db, key: string, number: number) {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  return seasonStandings(db, ladder.id, number);
}

/** A captain puts one of their teams on the ladder at the starting rating. */
export async function joinLadder(
  db: Db,
  user: UserRow,
  key: string,
  teamId: number | undefined,
  startRating: number,
  now: number,
) {
  const ladder = await findLadderByKey(db, key);
  if (!ladder) throw new NotFoundError(LADDER_TEXTS.notFound);
  await assertNotBanned(db, user.id, now);
  const captained = await captainedTeams(db, user.id, ladder.gameId);
  if (captained.length === 0) throw new ForbiddenError(LADDER_TEXTS.notCaptain);
  let team = teamId === undefined ? undefined : captained.find((t) => t.id === teamId);
  if (teamId !== undefined && !team) throw new ForbiddenError(LADDER_TEXTS.notCaptain);
  if (!ladder.isActive) throw new ValidationError({ ladder: [LADDER_TEXTS.inactive] });
  if (!team) {
    if (captained.length > 1) throw new ValidationError({ teamId: [LADDER_TEXTS.chooseTeam] });
    team = captained[0];
  }
  if (!team) throw new ForbiddenError(LADDER_TEXTS.notCaptain);
  const chosen = team;
  const inserted = await db.transaction((tx) =>
    insertLadderTeam(tx, ladder.id, chosen.id, startRating, new Date(now)),
  );
  if (!inserted) throw new ValidationError({ teamId: [LADDER_TEXTS.alreadyJoined] });
  return { message: LADDER_TEXTS.joined, data: { ladderId: ladder.id, teamId: chosen.id } };
}
