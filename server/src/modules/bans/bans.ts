// Bans in force, as every door a banned account may not pass reads them: joining a solo-queue, putting a team
// on a ladder, signing a team up for a tournament or checking it in, being in a lineup, and the roster lock of
// a match server. A ban is in force while it is not lifted and its end (null: for good) is ahead.
import { bannedText } from '@versus/common/moderation/moderation';
import { and, desc, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bans, users, type BanRow } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../errors.ts';

type Queryable = Db | Tx;

function inForce(now: number) {
  return and(isNull(bans.liftedAt), or(isNull(bans.endsAt), gt(bans.endsAt, new Date(now))));
}

/** The ban of each banned user among `userIds` (the one ending last when several are in force). */
export async function bansInForce(
  db: Queryable,
  userIds: readonly number[],
  now: number,
): Promise<Map<number, BanRow>> {
  const found = new Map<number, BanRow>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(bans)
    .where(and(inArray(bans.userId, [...new Set(userIds)]), inForce(now)))
    .orderBy(desc(bans.id));
  for (const row of rows) {
    const held = found.get(row.userId);
    if (!held || outlasts(row, held)) found.set(row.userId, row);
  }
  return found;
}

function outlasts(a: BanRow, b: BanRow): boolean {
  if (b.endsAt === null) return false;
  if (a.endsAt === null) return true;
  return a.endsAt.getTime() > b.endsAt.getTime();
}

export async function banInForce(db: Queryable, userId: number, now: number): Promise<BanRow | null> {
  return (await bansInForce(db, [userId], now)).get(userId) ?? null;
}

/** 403 "Banned until 2026-12-04 08:20 UTC." (or "Banned permanently.") when the user is banned. */
export async function assertNotBanned(db: Queryable, userId: number, now: number): Promise<void> {
  const ban = await banInForce(db, userId, now);
  if (ban) throw new ForbiddenError(bannedText(ban.endsAt));
}

/**
 * 403 when any of `userIds` is banned (a lineup): the acting user's own ban in the usual words, another
 * player's as "player5 is banned: Banned until …".
 */
export async function assertNoneBanned(
  db: Queryable,
  actingUserId: number,
  userIds: readonly number[],
  now: number,
): Promise<void> {
  const found = await bansInForce(db, [actingUserId, ...userIds], now);
  const own = found.get(actingUserId);
  if (own) throw new ForbiddenError(bannedText(own.endsAt));
  const [first] = [...found.values()];
  if (!first) return;
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.id, [first.userId]));
  throw new ForbiddenError(`${user?.username ?? 'A player'} is banned: ${bannedText(first.endsAt)}`);
}
