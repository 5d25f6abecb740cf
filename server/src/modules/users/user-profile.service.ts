import { userProfileAnswer } from '@versus/common/api/users';
import type { UserProfile } from '@versus/common/api/users';
import { pageCache, type PageCacheContext } from '../../core/page-cache.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { encodeBody, type EncodedBody } from '../../lib/etag.ts';
import { serializeAnswer } from '../../lib/http.ts';
import { banInForce } from '../bans/index.ts';
import { userMatchHistoryByName } from './match-history.repository.ts';
import { presentHistoryMatch } from './match-history.presenter.ts';
import { findUserByUsername, userIdByUsername } from './user.repository.ts';
import { presentUserProfile } from './user-profile.presenter.ts';
import { userRatingHistory, userTeams } from './user-profile.repository.ts';

const RATING_POINTS = 50;
const RECENT_MATCHES = 10;

/** The profile and, when a ban shows on it, when that ban ends (epoch ms; null: for good or none). */
async function readUserProfile(
  db: Db,
  username: string,
  now: number,
): Promise<{ profile: UserProfile; banEndsAt: number | null }> {
  // The page's reads all go out at once, the user's own with them: each finds the user by name (a
  // subquery), so none waits for another's round trip.
  const userId = userIdByUsername(username);
  const [user, history, ratings, teams] = await Promise.all([
    findUserByUsername(db, username),
    userMatchHistoryByName(db, username, RECENT_MATCHES),
    userRatingHistory(db, userId, RATING_POINTS),
    userTeams(db, userId),
  ]);
  if (!user) throw new NotFoundError('User not found.');
  const ban = await banInForce(db, user.id, now);
  const recent = history.flatMap((row) =>
    row.side === 1 || row.side === 2 ? [presentHistoryMatch(row, row.side, row.playerRatingDelta)] : [],
  );
  const profile = presentUserProfile(user, ratings, teams, recent, ban);
  return { profile, banEndsAt: ban?.endsAt?.getTime() ?? null };
}

export async function getUserProfile(db: Db, username: string, now: number): Promise<UserProfile> {
  return (await readUserProfile(db, username, now)).profile;
}

/**
 * The profile as encoded bytes, the same for every viewer: read and encoded once per change of what it shows
 * (server/src/core/page-cache.ts), and read again when a ban it shows ends.
 */
export async function getUserProfileBody(
  ctx: PageCacheContext & { readonly db: Db },
  username: string,
): Promise<EncodedBody> {
  return pageCache(ctx).get(`user:${username.toLowerCase()}`, async () => {
    const { profile, banEndsAt } = await readUserProfile(ctx.db, username, ctx.now());
    const body = encodeBody(serializeAnswer(userProfileAnswer, { data: profile }));
    return { value: body, bytes: body.bytes.length, validUntil: banEndsAt };
  });
}
