// Teams: the page, creation, leaving, captain transfer and kicks. Every roster change locks the team
// row first, so two captains' clicks or a leave racing a kick are applied one after the other.
import { sql } from 'drizzle-orm';
import { TEAMS_PER_PAGE } from '@versus/common/api/page-sizes';
import { teamPageAnswer } from '@versus/common/api/teams';
import type { createTeamBody, TeamList, TeamPage } from '@versus/common/api/teams';
import type { z } from 'zod';
import type { AppContext } from '../../core/app-context.ts';
import { newStamp, pageCache, pagesChanged } from '../../core/page-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { TeamRow, UserRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { encodeBody } from '../../lib/etag.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { pageLinks, pageMeta } from '../../lib/pagination.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import {
  createNotifications,
  publishNotifications,
  teamNotificationMessage,
} from '../notifications/index.ts';
import type { TeamNotifyKind } from '../notifications/index.ts';
import { presentHistoryMatch, teamMatchHistoryBySlug } from '../users/index.ts';
import { canKick, canLeave, isCaptain, mayCaptainAnother } from './team.policies.ts';
import type { Membership } from './team.policies.ts';
import { presentTeamPage } from './team.presenter.ts';
import type { TeamPageParts } from './team.presenter.ts';
import {
  activeMatchOfMember,
  captainedTeamCount,
  captaincyCountsOfMembers,
  captainLimitOfTeam,
  findUsername,
  gameCaptainLimit,
  listTeams,
  lockCaptaincies,
  cancelPendingInvitationsOf,
  countMembers,
  defaultGameId,
  deleteMember,
  deleteTeam,
  findMembership,
  findTeamBySlug,
  gameExists,
  insertMember,
  insertTeam,
  lockTeam,
  membersInActiveMatches,
  moveCaptain,
  slugsStartingWith,
  teamHasMatches,
  teamLadderEntries,
  teamSeasonHistory,
  teamNameTaken,
  teamPendingInvitations,
  teamRosterWithUsers,
  teamIdBySlug,
} from './team.repository.ts';
import { captainLimitText, TEAM_TEXTS } from './team.texts.ts';

/** What team commands need: the app's context (database, clock, publishing, `RATING_START`). */
export type TeamDeps = AppContext;

const RECENT_MATCHES = 10;

type TeamParts = Omit<TeamPageParts, 'viewerId'>;

/** Everything the team page shows, for any viewer (null: no such team). */
async function readTeamParts(db: Db, slug: string): Promise<TeamParts | null> {
  // The page's reads all go out at once, the team's own with them: each finds the team by its slug (a
  // subquery), so none waits for another's round trip.
  const teamId = teamIdBySlug(slug);
  const [team, history, roster, ladders, seasons, busy, pending, captaincies, captainLimit] =
    await Promise.all([
      findTeamBySlug(db, slug),
      teamMatchHistoryBySlug(db, slug, RECENT_MATCHES),
      teamRosterWithUsers(db, teamId),
      teamLadderEntries(db, teamId),
      teamSeasonHistory(db, teamId),
      membersInActiveMatches(db, teamId),
      teamPendingInvitations(db, teamId),
      captaincyCountsOfMembers(db, teamId),
      captainLimitOfTeam(db, teamId),
    ]);
  if (!team) return null;
  const recentMatches = history.map((row) =>
    presentHistoryMatch(row, row.challengerTeam?.id === team.id ? 1 : 2),
  );
  return { team, roster, ladders, seasons, recentMatches, busy, pending, captaincies, captainLimit };
}

export async function getTeamPage(db: Db, slug: string, viewer: UserRow | null): Promise<TeamPage> {
  const parts = await readTeamParts(db, slug);
  if (!parts) throw new NotFoundError(TEAM_TEXTS.notFound);
  return presentTeamPage({ ...parts, viewerId: viewer?.id ?? null });
}

/** The viewer as the page tells viewers apart: a member or an invited player by id, everyone else alike. */
function teamViewerId(parts: TeamParts, viewer: UserRow | null): number | null {
  const id = viewer?.id;
  if (id === undefined) return null;
  const known = parts.roster.some((r) => r.user.id === id) || parts.pending.some((i) => i.userId === id);
  return known ? id : null;
}

/**
 * `GET /api/v1/teams/{slug}` as encoded bytes (server/src/core/page-cache.ts): the team's rows are read once
 * per change for every viewer, and the page encoded once per kind of viewer (each member and invited player,
 * and one answer for everyone else: their flags are all false).
 */
export async function getTeamPageBody(ctx: AppContext, slug: string, viewer: UserRow | null) {
  const cache = pageCache(ctx);
  const since = cache.ticket();
  const key = `team:${slug.toLowerCase()}`;
  const parts = await cache.get(key, async () => {
    const read = await readTeamParts(ctx.db, slug);
    if (!read) throw new NotFoundError(TEAM_TEXTS.notFound);
    return { value: { ...read, stamp: newStamp() }, bytes: 8_192 };
  });
  const viewerId = teamViewerId(parts, viewer);
  return cache.get(
    `${key}:${String(parts.stamp)}:${String(viewerId ?? '-')}`,
    async () => {
      const body = encodeBody(
        serializeAnswer(teamPageAnswer, { data: presentTeamPage({ ...parts, viewerId }) }),
      );
      return { value: body, bytes: body.bytes.length };
    },
    since,
  );
}

/** `GET /api/v1/teams`: one page of every team, the viewer's own first. */
export async function getTeamList(
  db: Db,
  query: { page: number; search?: string | undefined },
  viewer: UserRow | null,
): Promise<TeamList> {
  const search = query.search ?? '';
  const { rows, total } = await listTeams(db, {
    page: query.page,
    perPage: TEAMS_PER_PAGE,
    search,
    viewerId: viewer?.id ?? null,
  });
  const meta = pageMeta(query.page, TEAMS_PER_PAGE, total, rows.length);
  const links = pageLinks('/api/v1/teams', meta);
  const withSearch = (url: string | null) =>
    url && search ? `${url}&search=${encodeURIComponent(search)}` : url;
  return {
    data: rows.map(({ team, members, isMember, isCaptain }) => ({
      id: team.id,
      name: team.name,
      tag: team.tag,
      slug: team.slug,
      url: `/team/${team.slug}`,
      image: team.image,
      rating: team.rating,
      members,
      isMember,
      isCaptain,
    })),
    meta,
    links: {
      first: withSearch(links.first) ?? links.first,
      last: withSearch(links.last) ?? links.last,
      prev: withSearch(links.prev),
      next: withSearch(links.next),
    },
  };
}

/** A URL key from the name: lower-case words joined by dashes, made unique with -2, -3, ... */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return base === '' ? 'team' : base;
}

async function uniqueSlug(db: Tx, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await slugsStartingWith(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${String(n)}`)) return `${base}-${String(n)}`;
}

/**
 * 422 when the user already captains the game's limit of teams (`games.max_captained_teams`, 1 by default).
 * Takes the user's captaincy lock first, so two creations or captaincy transfers cannot both pass.
 * `username`: the user when it is someone else (a transfer's target); null for the signed-in user.
 */
async function assertMayCaptain(tx: Tx, userId: number, username: string | null, gameId: number) {
  await lockCaptaincies(tx, userId);
  const game = await gameCaptainLimit(tx, gameId);
  if (!game) throw new ValidationError({ gameId: [TEAM_TEXTS.noGame] });
  const captained = await captainedTeamCount(tx, userId, gameId);
  if (mayCaptainAnother(captained, game.maxCaptainedTeams)) return;
  const text = captainLimitText(username, captained, game.name, game.maxCaptainedTeams);
  throw new ValidationError({ [username === null ? 'gameId' : 'userId']: [text] });
}

/**
 * Creates a team with the creator as its captain. A player may belong to any number of teams, and captain
 * as many of one game as the game allows (see `assertMayCaptain`).
 */
export async function createTeam(deps: TeamDeps, user: UserRow, input: z.output<typeof createTeamBody>) {
  // Two creations racing for one name or slug: the unique indexes decide; the loser tries again, and
  // then either finds the name taken (422) or takes the next free slug.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await createTeamOnce(deps, user, input);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 3) throw new ValidationError({ name: [TEAM_TEXTS.nameTaken] });
    }
  }
}

async function createTeamOnce(deps: TeamDeps, user: UserRow, input: z.output<typeof createTeamBody>) {
  const now = new Date(deps.now());
  const team = await deps.db.transaction(async (tx) => {
    // Creations whose names make one slug ("Slug Clash!", "Slug Clash?") take their turn here, so each reads
    // the slugs the one before it committed; without it, on PostgreSQL, all of them would read the same
    // free slug and all but one would lose the race every time (PGlite runs one transaction at a time).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-slug:${slugify(input.name)}`}))`);
    const gameId = input.gameId ?? (await defaultGameId(tx));
    if (gameId === null || !(await gameExists(tx, gameId)))
      throw new ValidationError({ gameId: [TEAM_TEXTS.noGame] });
    if (await teamNameTaken(tx, gameId, input.name))
      throw new ValidationError({ name: [TEAM_TEXTS.nameTaken] });
    await assertMayCaptain(tx, user.id, null, gameId);
    const slug = await uniqueSlug(tx, input.name);
    const row = await insertTeam(tx, {
      gameId,
      name: input.name,
      tag: input.tag,
      slug,
      createdByUserId: user.id,
      rating: deps.config.ratings.start,
      now,
    });
    await insertMember(tx, row.id, user.id, true, now);
    return row;
  });
  await pagesChanged(deps);
  return { message: TEAM_TEXTS.created, data: { id: team.id, slug: team.slug, url: `/team/${team.slug}` } };
}

/** The locked team and the viewer's membership, or the 404 / 403 the command answers with. */
export async function lockTeamFor(
  tx: Tx,
  slug: string,
  userId: number,
): Promise<{ team: TeamRow; me: Membership | null }> {
  const found = await findTeamBySlug(tx, slug);
  const team = found ? await lockTeam(tx, found.id) : null;
  if (!team) throw new NotFoundError(TEAM_TEXTS.notFound);
  const row = await findMembership(tx, team.id, userId);
  return { team, me: row ? { userId, isCaptain: row.isCaptain } : null };
}

export async function leaveTeam(deps: TeamDeps, user: UserRow, slug: string) {
  const now = new Date(deps.now());
  const disbanded = await deps.db.transaction(async (tx) => {
    const { team, me } = await lockTeamFor(tx, slug, user.id);
    if (!me) throw new ForbiddenError(TEAM_TEXTS.notMember);
    const members = await countMembers(tx, team.id);
    const busy = (await activeMatchOfMember(tx, team.id, user.id)) !== null;
    if (!canLeave(me, members, busy)) {
      throw new ValidationError({
        team: [busy ? TEAM_TEXTS.activeMatchSelf : TEAM_TEXTS.captainMustTransfer],
      });
    }
    await deleteMember(tx, team.id, user.id);
    if (members > 1) return false;
    // The last member left: a team without history is deleted; one with matches stays (empty) so
    // its matches keep their names.
    await cancelPendingInvitationsOf(tx, team.id, now);
    if (!(await teamHasMatches(tx, team.id))) await deleteTeam(tx, team.id);
    return true;
  });
  await pagesChanged(deps);
  return { message: disbanded ? TEAM_TEXTS.disbanded : TEAM_TEXTS.left, data: { disbanded } };
}

async function notifyMember(
  deps: TeamDeps,
  tx: Tx,
  team: TeamRow,
  userId: number,
  kind: TeamNotifyKind,
  username?: string,
) {
  return createNotifications(
    tx,
    [
      {
        userId,
        type: kind,
        message: teamNotificationMessage(kind, { teamName: team.name, username }),
        data: { redirectUrl: `/team/${team.slug}`, teamId: team.id },
      },
    ],
    deps.now(),
  );
}

export async function kickMember(deps: TeamDeps, user: UserRow, slug: string, targetId: number) {
  const notes = await deps.db.transaction(async (tx) => {
    const { team, me } = await lockTeamFor(tx, slug, user.id);
    if (!isCaptain(me)) throw new ForbiddenError(TEAM_TEXTS.notCaptain);
    if (targetId === user.id) throw new ValidationError({ userId: [TEAM_TEXTS.kickSelf] });
    const target = await findMembership(tx, team.id, targetId);
    if (!target) throw new NotFoundError(TEAM_TEXTS.targetNotMember);
    const busy = (await activeMatchOfMember(tx, team.id, targetId)) !== null;
    if (!canKick(me, { userId: targetId, isCaptain: target.isCaptain }, busy)) {
      throw new ValidationError({ userId: [TEAM_TEXTS.activeMatch] });
    }
    await deleteMember(tx, team.id, targetId);
    return notifyMember(deps, tx, team, targetId, 'team-kicked');
  });
  await pagesChanged(deps);
  await publishNotifications(deps, notes);
  return { message: TEAM_TEXTS.kicked };
}

export async function transferCaptain(deps: TeamDeps, user: UserRow, slug: string, targetId: number) {
  const notes = await deps.db.transaction(async (tx) => {
    const { team, me } = await lockTeamFor(tx, slug, user.id);
    if (!isCaptain(me)) throw new ForbiddenError(TEAM_TEXTS.notCaptain);
    if (targetId === user.id) throw new ValidationError({ userId: [TEAM_TEXTS.alreadyCaptain] });
    if (!(await findMembership(tx, team.id, targetId)))
      throw new ValidationError({ userId: [TEAM_TEXTS.targetNotMember] });
    const target = await findUsername(tx, targetId);
    await assertMayCaptain(tx, targetId, target ?? `User #${String(targetId)}`, team.gameId);
    await moveCaptain(tx, team.id, targetId);
    return notifyMember(deps, tx, team, targetId, 'team-captain');
  });
  await pagesChanged(deps);
  await publishNotifications(deps, notes);
  return { message: TEAM_TEXTS.captainChanged };
}
