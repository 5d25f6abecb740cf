// Tournament pages, sign-up and withdrawal. The bracket itself is bracket.service.ts.
import { tournamentPageAnswer } from '@versus/common/api/tournaments';
import type { AppContext } from '../../core/app-context.ts';
import { newStamp, pageCache } from '../../core/page-cache.ts';
import type { Db } from '../../db/client.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { serializeAnswer } from '../../lib/http.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { hasTeamSize, teamTooSmallText } from '@versus/common/match/league-rules';
import { memberCount } from '../league-rules/index.ts';
import { canCheckIn, canSignUp, isCheckInOpen, isSignupOpen } from './tournament.policies.ts';
import { presentTournamentPage, presentTournamentSummary } from './tournament.presenter.ts';
import {
  bracketMatches,
  captainedTeamsOfGame,
  findEntry,
  findTournamentBySlug,
  listTournaments,
  lockTournament,
  markCheckedIn,
  teamById,
  tournamentEntries,
  upsertEntry,
  withdrawEntry,
} from './tournament.repository.ts';
import { assertNotBanned } from '../bans/index.ts';

export const TOURNAMENT_TEXTS = {
  notFound: 'Tournament not found.',
  notCaptain: 'Only a team captain can sign a team up.',
  chooseTeam: 'Choose which of your teams this is for.',
  closed: 'Sign-up for this tournament is closed.',
  full: 'This tournament is full.',
  alreadySignedUp: 'The team is already signed up.',
  notSignedUp: 'The team is not signed up.',
  signedUp: 'The team has been signed up.',
  withdrawn: 'The team has been withdrawn.',
  checkInClosed: 'Check-in for this tournament is not open.',
  checkedIn: 'The team has been checked in.',
  alreadyCheckedIn: 'The team is already checked in.',
} as const;

export async function getTournaments(db: Db, now: number) {
  const rows = await listTournaments(db);
  return { data: rows.map((r) => presentTournamentSummary(r.tournament, r.teamsCount, now)) };
}

export async function getTournamentPage(db: Db, slug: string, viewer: UserRow | null, now: number) {
  const t = await findTournamentBySlug(db, slug);
  if (!t) throw new NotFoundError(TOURNAMENT_TEXTS.notFound);
  const [captained, winner, entries, bracket] = await Promise.all([
    viewer ? captainedTeamsOfGame(db, viewer.id, t.gameId) : [],
    t.winnerTeamId === null ? null : teamById(db, t.winnerTeamId),
    tournamentEntries(db, t.id),
    bracketMatches(db, t.id),
  ]);
  return { data: presentTournamentPage(t, entries, bracket, winner, { captained }, now) };
}

/** What the tournament page shows every viewer. */
async function readTournamentParts(db: Db, slug: string) {
  const t = await findTournamentBySlug(db, slug);
  if (!t) throw new NotFoundError(TOURNAMENT_TEXTS.notFound);
  const [winner, entries, bracket] = await Promise.all([
    t.winnerTeamId === null ? null : teamById(db, t.winnerTeamId),
    tournamentEntries(db, t.id),
    bracketMatches(db, t.id),
  ]);
  return { t, winner, entries, bracket };
}

type TournamentParts = Awaited<ReturnType<typeof readTournamentParts>> & { source: string; stamp: number };

/** Each tournament's rows as last read, by the page's key. */
const lastTournamentParts = new Map<string, TournamentParts>();

/**
 * `GET /api/v1/tournaments/{slug}` as encoded bytes (server/src/core/page-cache.ts): the tournament, its
 * entries and bracket are read once per change; the viewer's captained teams once per change and viewer. The
 * page is encoded once per kind of viewer (a captain by id, everyone else alike) and per state of the clock's
 * flags (sign-up open, check-in open, each captained team's check-in), the only parts that depend on the time.
 */
export async function getTournamentPageBody(
  ctx: AppContext,
  slug: string,
  viewer: UserRow | null,
  now: number,
): Promise<EncodedBody> {
  const cache = pageCache(ctx);
  const since = cache.ticket();
  const key = `tournament:${slug}`;
  const parts = await cache.get(key, async () => {
    const read = await readTournamentParts(ctx.db, slug);
    // Read again after its time with nothing changed: the answers built from it (keyed by its stamp) stay.
    const source = JSON.stringify(read);
    const before = lastTournamentParts.get(key);
    if (before?.source === source) return { value: before, bytes: 65_536 };
    const fresh = { ...read, source, stamp: newStamp() };
    if (lastTournamentParts.size >= 256) lastTournamentParts.clear();
    lastTournamentParts.set(key, fresh);
    return { value: fresh, bytes: 65_536 };
  });
  const { t, winner, entries, bracket } = parts;
  const mine = viewer
    ? await cache.get(
        `captained-of-game:${String(viewer.id)}:${String(t.gameId)}`,
        async () => ({
          value: { teams: await captainedTeamsOfGame(ctx.db, viewer.id, t.gameId) },
          bytes: 256,
        }),
        since,
      )
    : null;
  const captained = mine?.teams ?? [];
  const checkIns = captained.map((c) =>
    canCheckIn(t, entries.find((e) => e.team.id === c.id)?.entry ?? null, now) ? 1 : 0,
  );
  const clock = [isSignupOpen(t, now), isCheckInOpen(t, now), canSignUp(t, entries.length, now)]
    .map((flag) => (flag ? 1 : 0))
    .join('');
  const who =
    mine === null || captained.length === 0
      ? '-'
      : `${String(viewer?.id)}:${JSON.stringify(captained)}:${checkIns.join('')}`;
  return cache.get(
    `${key}:${String(parts.stamp)}:${clock}:${who}`,
    async () => {
      const page = presentTournamentPage(t, entries, bracket, winner, { captained }, now);
      const body = encodeBody(serializeAnswer(tournamentPageAnswer, { data: page }));
      return { value: body, bytes: body.bytes.length };
    },
    since,
  );
}

/** Signs up (`signup`) or withdraws one of the captain's teams, until the sign-up deadline. */
export async function changeEntry(
  db: Db,
  user: UserRow,
  slug: string,
  teamId: number | undefined,
  action: 'signup' | 'withdraw',
  now: number,
) {
  const found = await findTournamentBySlug(db, slug);
  if (!found) throw new NotFoundError(TOURNAMENT_TEXTS.notFound);
  if (action === 'signup') await assertNotBanned(db, user.id, now);
  const captained = await captainedTeamsOfGame(db, user.id, found.gameId);
  const team = teamId === undefined ? captained[0] : captained.find((c) => c.id === teamId);
  if (!team) throw new ForbiddenError(TOURNAMENT_TEXTS.notCaptain);
  if (teamId === undefined && captained.length > 1)
    throw new ValidationError({ teamId: [TOURNAMENT_TEXTS.chooseTeam] });
  return db.transaction(async (tx) => {
    // The lock makes sign-ups queue up, so two last-place sign-ups cannot both take the last seat.
    const t = await lockTournament(tx, found.id);
    if (!t) throw new NotFoundError(TOURNAMENT_TEXTS.notFound);
    if (!isSignupOpen(t, now)) throw new ValidationError({ tournament: [TOURNAMENT_TEXTS.closed] });
    const entry = await findEntry(tx, t.id, team.id);
    const active = entry !== null && entry.withdrawnAt === null;
    if (action === 'withdraw') {
      if (!active) throw new ValidationError({ teamId: [TOURNAMENT_TEXTS.notSignedUp] });
      await withdrawEntry(tx, entry.id, new Date(now));
      return { message: TOURNAMENT_TEXTS.withdrawn, data: { teamId: team.id }, tournamentId: t.id };
    }
    if (active) throw new ValidationError({ teamId: [TOURNAMENT_TEXTS.alreadySignedUp] });
    const count = (await tournamentEntries(tx, t.id)).length;
    if (!canSignUp(t, count, now)) throw new ValidationError({ tournament: [TOURNAMENT_TEXTS.full] });
    await upsertEntry(tx, t.id, team.id, new Date(now));
    return { message: TOURNAMENT_TEXTS.signedUp, data: { teamId: team.id }, tournamentId: t.id };
  });
}

/** Checks one of the captain's signed-up teams in, during the check-in window before the start. */
export async function checkIn(db: Db, user: UserRow, slug: string, teamId: number | undefined, now: number) {
  const found = await findTournamentBySlug(db, slug);
  if (!found) throw new NotFoundError(TOURNAMENT_TEXTS.notFound);
  await assertNotBanned(db, user.id, now);
  const captained = await captainedTeamsOfGame(db, user.id, found.gameId);
  const team = teamId === undefined ? captained[0] : captained.find((c) => c.id === teamId);
  if (!team) throw new ForbiddenError(TOURNAMENT_TEXTS.notCaptain);
  if (teamId === undefined && captained.length > 1)
    throw new ValidationError({ teamId: [TOURNAMENT_TEXTS.chooseTeam] });
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, found.id);
    if (!t) throw new NotFoundError(TOURNAMENT_TEXTS.notFound);
    if (!isCheckInOpen(t, now)) throw new ValidationError({ tournament: [TOURNAMENT_TEXTS.checkInClosed] });
    const entry = await findEntry(tx, t.id, team.id);
    if (!entry || entry.withdrawnAt !== null) {
      throw new ValidationError({ teamId: [TOURNAMENT_TEXTS.notSignedUp] });
    }
    if (entry.checkedInAt !== null)
      throw new ValidationError({ teamId: [TOURNAMENT_TEXTS.alreadyCheckedIn] });
    // Checking in says "we play": a team with fewer members than the team size cannot (signing up can).
    const members = await memberCount(tx, team.id);
    if (!hasTeamSize(members, t.teamSize)) {
      throw new ValidationError({ teamId: [teamTooSmallText(null, 'tournament', t.teamSize, members)] });
    }
    await markCheckedIn(tx, entry.id, new Date(now));
    return { message: TOURNAMENT_TEXTS.checkedIn, data: { teamId: team.id }, tournamentId: t.id };
  });
}
