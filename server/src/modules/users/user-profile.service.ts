import type { UserProfile } from '@versus/common/api/users';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { userMatchHistory } from './match-history.repository.ts';
import { presentHistoryMatch } from './match-history.presenter.ts';
import { findUserByUsername } from './user.repository.ts';
import { presentUserProfile } from './user-profile.presenter.ts';
import { userRatingHistory, userTeams } from './user-profile.repository.ts';

const RATING_POINTS = 50;
const RECENT_MATCHES = 10;

export async function getUserProfile(db: Db, username: string): Promise<UserProfile> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new NotFoundError('User not found.');
  const [history, ratings, teams] = await Promise.all([
    userMatchHistory(db, user.id, RECENT_MATCHES),
    userRatingHistory(db, user.id, RATING_POINTS),
    userTeams(db, user.id),
  ]);
  const recent = history.flatMap((row) =>
    row.side === 1 || row.side === 2 ? [presentHistoryMatch(row, row.side, row.playerRatingDelta)] : [],
  );
  return presentUserProfile(user, ratings, teams, recent);
}
