import type { UserRow } from '../../db/schema/index.ts';
import type { HistoryMatch } from '@versus/common/api/match-history';
import { formatClassName, formatUsername } from './user.presenter.ts';
import type { userRatingHistory, userTeams } from './user-profile.repository.ts';

type RatingRows = Awaited<ReturnType<typeof userRatingHistory>>;
type TeamRows = Awaited<ReturnType<typeof userTeams>>;

/** `/user/{username}`: what anyone may see of a player (no email, no role). */
export function presentUserProfile(
  user: UserRow,
  ratingRows: RatingRows,
  teamRows: TeamRows,
  recentMatches: HistoryMatch[],
) {
  return {
    id: user.id,
    username: user.username,
    formattedUsername: formatUsername(user),
    formattedClassName: formatClassName(user.className),
    image: user.image,
    flag: user.flag,
    config: user.configUrl,
    rating: user.elo,
    /** Oldest first, ready to draw. */
    ratingHistory: [...ratingRows].reverse().map((r) => ({
      matchId: r.matchId,
      reason: r.reason,
      oldRating: r.oldRating,
      newRating: r.newRating,
      delta: r.delta,
      createdAt: r.createdAt.toISOString(),
    })),
    teams: teamRows.map((t) => ({
      id: t.id,
      name: t.name,
      tag: t.tag,
      slug: t.slug,
      image: t.image,
      rating: t.rating,
      isCaptain: t.isCaptain,
      url: `/team/${t.slug}`,
    })),
    recentMatches,
    memberSince: user.createdAt.toISOString(),
  };
}
