// The roster lock: while a match is in progress, every `status` read of its server (the monitor, at least
// every 5 s) is checked against the ids allowed on it: the player ids the match's players (subs included)
// bound to their accounts, the id their heartbeat confirmed for this match, and the guests an admin named.
// Anyone else is kicked with `clientkick` at once, and the kick is stored and shown in the match room. A roster
// player banned while the match is in progress loses their ids and is kicked the same way (reason `Banned`).
import type { matchGuestInputSchema } from '@versus/common/api/game-servers';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { matches, matchGuests, matchServerKicks, type GameServerHostRow } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { rosterIdentities, trustedIdsOfUsers } from '../player-ids/index.ts';
import { bansInForce } from '../bans/index.ts';
import type { ServerStatus } from '../../lib/cod4x/rcon-status.ts';
import type { GameServerPool } from './pool.ts';
import type { StatusListener } from './server-monitor.ts';
import { publishRoomUpdate } from '../matches/index.ts';

export const KICK_REASON = 'Not on the match roster';
export const BAN_KICK_REASON = 'Banned';

const norm = (id: string) => id.trim().toLowerCase();

/**
 * Every player id allowed on the match's server, and the ids of roster players who are banned: a ban in force
 * takes a player's ids out of the allowed ones, so the lock kicks them like any intruder (with its own reason).
 */
export async function allowedPlayerIds(
  db: Db,
  matchId: number,
  gameId: number,
  now: number,
): Promise<{ allowed: Set<string>; banned: Set<string> }> {
  const roster = await rosterIdentities(db, matchId);
  const userIds = roster.map((r) => r.userId);
  const bound = await trustedIdsOfUsers(db, gameId, userIds);
  const bannedUsers = await bansInForce(db, userIds, now);
  const guests = await db
    .select({ playerId: matchGuests.playerId })
    .from(matchGuests)
    .where(eq(matchGuests.matchId, matchId));
  const allowed = new Set<string>();
  const banned = new Set<string>();
  for (const r of roster) {
    const into = bannedUsers.has(r.userId) ? banned : allowed;
    if (r.guid) into.add(norm(r.guid));
    for (const id of bound.get(r.userId) ?? []) into.add(norm(id));
  }
  for (const g of guests) allowed.add(norm(g.playerId));
  for (const id of banned) allowed.delete(id);
  return { allowed, banned };
}

export function createRosterLock(ctx: AppContext, pool: GameServerPool): StatusListener {
  const deps = { db: ctx.db, pool, log: ctx.log, now: ctx.now };
  return async (host: GameServerHostRow, status: ServerStatus) => {
    const matchId = host.matchId;
    if (matchId === null) return;
    const [match] = await deps.db
      .select({ statusId: matches.statusId, gameId: matches.gameId })
      .from(matches)
      .where(eq(matches.id, matchId));
    if (match?.statusId !== STATUS.inProgress) return;
    const { allowed, banned } = await allowedPlayerIds(deps.db, matchId, match.gameId, deps.now());
    let kicked = 0;
    for (const client of status.clients) {
      if (allowed.has(norm(client.playerId))) continue;
      const reason = banned.has(norm(client.playerId)) ? BAN_KICK_REASON : KICK_REASON;
      await deps.pool.command(host, `clientkick ${client.num} "${reason}"`);
      await deps.db.insert(matchServerKicks).values({
        matchId,
        playerId: client.playerId.slice(0, 64),
        name: client.name.replace(/\^[0-9]/g, '').slice(0, 64),
        reason,
        createdAt: new Date(deps.now()),
      });
      deps.log.info({ matchId, playerId: client.playerId }, 'roster lock: kicked');
      kicked++;
    }
    if (kicked > 0) {
      await publishRoomUpdate(ctx, matchId, ['server']);
    }
  };
}

/** The kicks of a match, newest first, as the match room shows them. */
export async function kicksOfMatch(db: Db, matchId: number) {
  const rows = await db
    .select()
    .from(matchServerKicks)
    .where(eq(matchServerKicks.matchId, matchId))
    .orderBy(desc(matchServerKicks.createdAt), desc(matchServerKicks.id))
    .limit(20);
  return rows.map((r) => ({
    name: r.name,
    playerId: r.playerId,
    reason: r.reason,
    at: r.createdAt.toISOString(),
  }));
}

export async function listGuests(db: Db, matchId: number) {
  const rows = await db
    .select()
    .from(matchGuests)
    .where(eq(matchGuests.matchId, matchId))
    .orderBy(asc(matchGuests.id));
  return rows.map((r) => ({
    id: r.id,
    playerId: r.playerId,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** An admin allows a named guest (a caster, an observer) on the match's server. */
export async function addGuest(
  db: Db,
  matchId: number,
  input: z.infer<typeof matchGuestInputSchema>,
  adminId: number,
  now: Date,
) {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new NotFoundError('Match not found.');
  const [row] = await db
    .insert(matchGuests)
    .values({ matchId, playerId: input.playerId, name: input.name, addedByUserId: adminId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ConflictError('This player id is already allowed on the match server.');
  return { id: row.id, playerId: row.playerId, name: row.name, createdAt: row.createdAt.toISOString() };
}

export async function removeGuest(db: Db, matchId: number, guestId: number) {
  const rows = await db
    .delete(matchGuests)
    .where(and(eq(matchGuests.matchId, matchId), eq(matchGuests.id, guestId)))
    .returning({ id: matchGuests.id });
  if (rows.length === 0) throw new NotFoundError('Guest not found.');
  return { message: 'The guest was removed.' };
}
