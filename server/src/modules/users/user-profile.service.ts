import type { UserProfile } from '@versus/common/api/users';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { banInForce } from '../bans/index.ts';
import { userMatchHistoryByName } from './match-history.repository.ts';
import { presentHistoryMatch } from './match-history.presenter.ts';
import { findUserByUsername, userIdByUsername } from './user.repository.ts';
import { presentUserProfile } from './user-profile.presenter.ts';
import { userRatingHistory, userTeams } from './user-profile.repository.ts';

const RATING_POINTS = 50;
const RECENT_MATCHES = 10;

export async function getUserProfile(db: Db, username: string, now: number): Promise<UserProfile> {
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
  return presentUserProfile(user, ratings, teams, recent, ban);
}
