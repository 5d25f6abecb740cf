// The private calendar feed (docs/scheduling.md): each user's secret URL lists the matches they play with a
// time both captains agreed; resetting the secret makes the old URL answer 404.
import { randomBytes } from 'node:crypto';
import { STATUS } from '@versus/common/match/statuses';
import { and, desc, eq, exists, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { matchPlayers, matches, teams, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { calendarBody } from './ics.ts';

export const CALENDAR_TEXTS = {
  reset: 'Your calendar link was reset: the old link no longer works.',
  notFound: 'Calendar not found.',
} as const;

/** The most matches one feed lists (newest starts first). */
export const CALENDAR_MAX_EVENTS = 500;
/** How long an event lasts in the feed per map of the series. */
const MINUTES_PER_MAP = 45;

const challengerTeam = alias(teams, 'challenger_team');
const opponentTeam = alias(teams, 'opponent_team');

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function feedUrl(ctx: AppContext, token: string): string {
  return new URL(`/api/v1/calendar/${token}.ics`, ctx.config.appUrl).toString();
}

/**
 * The user's feed URL; the first ask makes the secret. Read from the users row, not the session's copy of it
 * (a reset in another tab changes it).
 */
export async function getCalendarLink(ctx: AppContext, user: UserRow) {
  const current = async () =>
    (await ctx.db.select({ token: users.calendarToken }).from(users).where(eq(users.id, user.id)))[0]
      ?.token ?? null;
  let token = await current();
  if (token === null) {
    // Two first asks at once: one writes, both read back the one stored.
    await ctx.db
      .update(users)
      .set({ calendarToken: newToken() })
      .where(and(eq(users.id, user.id), isNull(users.calendarToken)));
    token = await current();
  }
  if (token === null) throw new NotFoundError(CALENDAR_TEXTS.notFound);
  return { url: feedUrl(ctx, token) };
}

export async function resetCalendarLink(ctx: AppContext, user: UserRow) {
  const token = newToken();
  await ctx.db.update(users).set({ calendarToken: token }).where(eq(users.id, user.id));
  return { message: CALENDAR_TEXTS.reset, data: { url: feedUrl(ctx, token) } };
}

async function agreedMatchesOf(db: Db, userId: number) {
  const plays = exists(
    db
      .select({ one: matchPlayers.userId })
      .from(matchPlayers)
      .where(and(eq(matchPlayers.matchId, matches.id), eq(matchPlayers.userId, userId))),
  );
  return db
    .select({
      id: matches.id,
      startDate: matches.startDate,
      bestOf: matches.bestOf,
      type: matches.type,
      updatedAt: matches.updatedAt,
      challenger: challengerTeam.name,
      opponent: opponentTeam.name,
    })
    .from(matches)
    .leftJoin(challengerTeam, eq(challengerTeam.id, matches.challengerTeamId))
    .leftJoin(opponentTeam, eq(opponentTeam.id, matches.opponentTeamId))
    .where(
      and(
        eq(matches.timeAgreed, true),
        ne(matches.statusId, STATUS.cancelled),
        or(plays, eq(matches.challengerCaptainId, userId), eq(matches.opponentCaptainId, userId)),
      ),
    )
    .orderBy(desc(matches.startDate), desc(matches.id))
    .limit(CALENDAR_MAX_EVENTS);
}

/** The feed's body for a secret, or 404 when no user has it. */
export async function calendarFeed(ctx: AppContext, file: string): Promise<string> {
  const token = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(file)?.[1];
  if (!token) throw new NotFoundError(CALENDAR_TEXTS.notFound);
  const [user] = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.calendarToken, token));
  if (!user) throw new NotFoundError(CALENDAR_TEXTS.notFound);
  const host = new URL(ctx.config.appUrl).hostname;
  const rows = await agreedMatchesOf(ctx.db, user.id);
  return calendarBody(
    `Versus matches of ${user.username}`,
    rows.flatMap((r) => {
      if (r.startDate === null) return [];
      const summary = `${r.challenger ?? 'TBD'} vs ${r.opponent ?? 'TBD'}`;
      return [
        {
          uid: `match-${String(r.id)}@${host}`,
          start: r.startDate,
          end: new Date(r.startDate.getTime() + r.bestOf * MINUTES_PER_MAP * 60_000),
          summary,
          description: `${summary}, best of ${String(r.bestOf)} (${r.type})`,
          url: new URL(`/match/${String(r.id)}`, ctx.config.appUrl).toString(),
          stamp: r.updatedAt,
        },
      ];
    }),
  );
}
