// Disconnects: while a match is in progress and its server has a map loaded, every `status` read of the server
// (the monitor, at least every 5 s) is compared with the match's lineup. A lineup player is known on the server
// by the player ids the roster lock allows him (his bound ids, the id his heartbeat confirmed). Once a read
// listed him, a later read without him records him away since that read (`match_player_absences.left_at`), tells
// his captain once per absence and the room's server box shows "player3 left the server 1:20 ago"; a read that
// lists him again clears it. A player no read ever listed is not counted away (he has not joined yet).
// After DISCONNECT_SUB_MINUTES away his captain may replace him (matches/subs).
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import {
  matches,
  matchPlayerAbsences,
  matchPlayers,
  users,
  type GameServerHostRow,
} from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { ServerStatus } from '../../lib/cod4x/rcon-status.ts';
import { loadMatch, publishRoomUpdate } from '../matches/index.ts';
import { notifyUsers } from '../notifications/index.ts';
import { rosterIdentities, trustedIdsOfUsers } from '../player-ids/index.ts';
import type { StatusListener } from './server-monitor.ts';

/** The idle map a fresh CoD4x server sits on until the match's first map loads: no map is live. */
const IDLE_MAP = 'mp_vacant';

export const ABSENCE_NOTIFICATION = 'player-left-server';

export const ABSENCE_TEXTS = {
  notification: (username: string) => `<b>${escapeHtml(username)}</b> left the server`,
} as const;

const norm = (id: string) => id.trim().toLowerCase();

/** Each lineup player (sides 1 and 2) with the ids he is known by on the server; players with none are left out. */
async function lineupIds(db: Db, matchId: number, gameId: number) {
  const roster = await rosterIdentities(db, matchId);
  const bound = await trustedIdsOfUsers(
    db,
    gameId,
    roster.map((r) => r.userId),
  );
  return roster
    .map((r) => ({
      userId: r.userId,
      username: r.username,
      ids: new Set([...(r.guid ? [r.guid] : []), ...(bound.get(r.userId) ?? [])].map(norm)),
    }))
    .filter((r) => r.ids.size > 0);
}

export function createAbsenceWatch(ctx: AppContext): StatusListener {
  return async (host: GameServerHostRow, status: ServerStatus) => {
    const matchId = host.matchId;
    if (matchId === null || !status.map || status.map === IDLE_MAP) return;
    const [match] = await ctx.db
      .select({ statusId: matches.statusId, gameId: matches.gameId })
      .from(matches)
      .where(eq(matches.id, matchId));
    if (match?.statusId !== STATUS.inProgress) return;
    const lineup = await lineupIds(ctx.db, matchId, match.gameId);
    if (lineup.length === 0) return;
    const online = new Set(status.clients.map((c) => norm(c.playerId)));
    const rows = await ctx.db
      .select()
      .from(matchPlayerAbsences)
      .where(eq(matchPlayerAbsences.matchId, matchId));
    const known = new Map(rows.map((r) => [r.userId, r]));
    const at = new Date(ctx.now());
    const left: typeof lineup = [];
    let changed = false;
    for (const player of lineup) {
      const here = [...player.ids].some((id) => online.has(id));
      const row = known.get(player.userId);
      const where = and(
        eq(matchPlayerAbsences.matchId, matchId),
        eq(matchPlayerAbsences.userId, player.userId),
      );
      if (here && !row) {
        await ctx.db
          .insert(matchPlayerAbsences)
          .values({ matchId, userId: player.userId, seenAt: at })
          .onConflictDoNothing();
      } else if (here && row?.leftAt) {
        await ctx.db
          .update(matchPlayerAbsences)
          .set({ leftAt: null, notifiedAt: null })
          .where(and(where, isNotNull(matchPlayerAbsences.leftAt)));
        changed = true;
      } else if (!here && row && !row.leftAt) {
        // Only the instance whose update finds him present records the absence and tells his captain.
        const marked = await ctx.db
          .update(matchPlayerAbsences)
          .set({ leftAt: at, notifiedAt: at })
          .where(and(where, isNull(matchPlayerAbsences.leftAt)))
          .returning({ userId: matchPlayerAbsences.userId });
        if (marked.length > 0) left.push(player);
        changed = true;
      }
    }
    if (left.length > 0) await notifyCaptains(ctx, matchId, left);
    if (changed) await publishRoomUpdate(ctx, matchId, ['server']);
  };
}

async function notifyCaptains(
  ctx: AppContext,
  matchId: number,
  left: { userId: number; username: string }[],
) {
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  if (!record) return;
  const { state } = record;
  const captainOf = (userId: number) => {
    const side = state.players.find((p) => p.userId === userId)?.side;
    if (side === 1) return state.challenger.captainUserId;
    if (side === 2) return state.opponent.captainUserId;
    return null;
  };
  await notifyUsers(
    ctx,
    left.flatMap((p) => {
      const captain = captainOf(p.userId);
      return captain === null
        ? []
        : [
            {
              userId: captain,
              type: ABSENCE_NOTIFICATION,
              message: ABSENCE_TEXTS.notification(p.username),
              data: { matchId, redirectUrl: `/match/${matchId}` },
            },
          ];
    }),
  );
}

/** The lineup players away from the match's server now, longest away first, as the room's server box shows them. */
export async function absencesOfMatch(db: Db, matchId: number) {
  const rows = await db
    .select({
      userId: matchPlayerAbsences.userId,
      username: users.username,
      leftAt: matchPlayerAbsences.leftAt,
    })
    .from(matchPlayerAbsences)
    .innerJoin(users, eq(users.id, matchPlayerAbsences.userId))
    .innerJoin(
      matchPlayers,
      and(
        eq(matchPlayers.matchId, matchPlayerAbsences.matchId),
        eq(matchPlayers.userId, matchPlayerAbsences.userId),
      ),
    )
    .where(
      and(
        eq(matchPlayerAbsences.matchId, matchId),
        isNotNull(matchPlayerAbsences.leftAt),
        inArray(matchPlayers.side, [1, 2]),
      ),
    )
    .orderBy(asc(matchPlayerAbsences.leftAt), asc(users.username));
  return rows.flatMap((r) =>
    r.leftAt ? [{ userId: r.userId, username: r.username, leftAt: r.leftAt.toISOString() }] : [],
  );
}

/**
 * Forgets the match's absences when it moves to another server: its players are counted away on the new
 * server only once they have been seen on it (else everyone would read as "left" while reconnecting).
 */
export async function forgetAbsences(db: Db, matchId: number): Promise<void> {
  await db.delete(matchPlayerAbsences).where(eq(matchPlayerAbsences.matchId, matchId));
}
