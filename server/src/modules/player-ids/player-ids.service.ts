// Player ids you can trust (docs/game-servers.md): a CoD4x player id is bound to an account only by its owner in
// settings or by an admin. A heartbeat may confirm the id a player uses in one match (the roster lock lets
// it in), but it cannot take an id another account is bound to or another roster player of the match is
// known by, and it never moves statistics: the log is matched to accounts by bound ids only (then by names
// of the match's players). A refused claim is kept and shown to admins.
import type { BoundPlayerId, IdentityConflict } from '@versus/common/api/game-servers';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { users } from '../../db/schema/index.ts';
import { eq, inArray } from 'drizzle-orm';
import {
  bindPlayerId,
  boundIdsOfUser,
  gameBySlug,
  listConflicts,
  ownerOf,
  recordConflict,
  rosterIdentities,
  TRUSTED_SOURCES,
  trustedOwners,
  unbindPlayerId,
} from './player-ids.repository.ts';
import { namesAnotherPlayer } from './name-claim.ts';

export const IDENTITY_TEXTS = {
  taken: 'This player id is linked to another account.',
  unknownGame: 'Game not found.',
  unknownUser: 'User not found.',
  linked: 'Your player id was saved.',
  unlinked: 'Your player id was removed.',
} as const;

export async function myPlayerIds(db: Db, user: UserRow): Promise<BoundPlayerId[]> {
  const rows = await boundIdsOfUser(db, user.id);
  return rows.map((r) => ({
    game: { slug: r.gameSlug, name: r.gameName },
    playerId: r.playerId,
    source: r.source,
    linkedAt: r.linkedAt.toISOString(),
  }));
}

async function requireGame(db: Db, slug: string) {
  const game = /^[a-z0-9-]{1,50}$/.test(slug) ? await gameBySlug(db, slug) : null;
  if (!game) throw new NotFoundError(IDENTITY_TEXTS.unknownGame);
  return game;
}

/** The owner links an id in settings; an id another account holds (bound by owner or admin) is refused. */
export async function linkMyPlayerId(db: Db, user: UserRow, gameSlug: string, playerId: string, now: Date) {
  const game = await requireGame(db, gameSlug);
  await db.transaction(async (tx) => {
    const owner = await ownerOf(tx, game.id, playerId);
    if (owner && owner.userId !== user.id && TRUSTED_SOURCES.includes(owner.source)) {
      throw new ValidationError({ playerId: [IDENTITY_TEXTS.taken] });
    }
    await bindPlayerId(tx, { userId: user.id, gameId: game.id, playerId, source: 'settings', now });
  });
  return { message: IDENTITY_TEXTS.linked, data: await myPlayerIds(db, user) };
}

export async function unlinkMyPlayerId(db: Db, user: UserRow, gameSlug: string) {
  const game = await requireGame(db, gameSlug);
  await unbindPlayerId(db, user.id, game.id);
  return { message: IDENTITY_TEXTS.unlinked, data: await myPlayerIds(db, user) };
}

/** An admin binds an id to an account (moving it away from any other account). */
export async function adminBindPlayerId(
  db: Db,
  userId: number,
  gameSlug: string,
  playerId: string,
  now: Date,
) {
  const game = await requireGame(db, gameSlug);
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target) throw new NotFoundError(IDENTITY_TEXTS.unknownUser);
  await db.transaction((tx) => bindPlayerId(tx, { userId, gameId: game.id, playerId, source: 'admin', now }));
  return { data: await myPlayerIds(db, target) };
}

export type ClaimVerdict = { accepted: true } | { accepted: false; ownerUserId: number | null };

/**
 * May `claimantUserId` use `playerId` in this match (a heartbeat's claim)? Not when another account is bound
 * to it, nor when another roster player of the match is known by it (bound, or confirmed by their own
 * heartbeat). A refusal is recorded (once) for admins.
 */
export async function judgeClaim(
  db: Db,
  claim: { matchId: number; gameId: number; claimantUserId: number; playerId: string; now: Date },
): Promise<ClaimVerdict> {
  const owners = await trustedOwners(db, claim.gameId, [claim.playerId]);
  let ownerUserId: number | null = owners.get(claim.playerId) ?? null;
  if (ownerUserId === claim.claimantUserId) return { accepted: true };
  if (ownerUserId === null) {
    const roster = await rosterIdentities(db, claim.matchId);
    ownerUserId =
      roster.find((r) => r.userId !== claim.claimantUserId && r.guid === claim.playerId)?.userId ?? null;
    if (ownerUserId === null) return { accepted: true };
  }
  await recordConflict(db, {
    matchId: claim.matchId,
    claimantUserId: claim.claimantUserId,
    ownerUserId,
    playerId: claim.playerId,
    source: 'heartbeat',
    now: claim.now,
  });
  return { accepted: false, ownerUserId };
}

/**
 * May `claimantUserId` go by `inGameName` in this match (a heartbeat's name claim)? Not when it is another
 * lineup player's username or in-game name: a name matches a player to his own seat only.
 */
export async function judgeNameClaim(
  db: Db,
  claim: { matchId: number; claimantUserId: number; inGameName: string },
): Promise<boolean> {
  const roster = await rosterIdentities(db, claim.matchId);
  return !namesAnotherPlayer(claim.inGameName, claim.claimantUserId, roster);
}

/** Refused claims, newest first, for admins. */
export async function identityConflictsForAdmins(db: Db): Promise<{ data: IdentityConflict[] }> {
  const rows = await listConflicts(db, 100);
  const ids = [
    ...new Set(
      rows.flatMap((r) => [r.claimantUserId, r.ownerUserId]).filter((id): id is number => id !== null),
    ),
  ];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, u.username]),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      matchId: r.matchId,
      matchUrl: r.matchId === null ? null : `/match/${r.matchId}`,
      playerId: r.playerId,
      source: r.source,
      claimant: { id: r.claimantUserId, username: names.get(r.claimantUserId) ?? null },
      owner:
        r.ownerUserId === null ? null : { id: r.ownerUserId, username: names.get(r.ownerUserId) ?? null },
      message: `${escapeHtml(names.get(r.claimantUserId) ?? '?')} tried to use player id ${escapeHtml(r.playerId)}.`,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
