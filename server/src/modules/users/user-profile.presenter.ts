import type { HistoryMatch } from '@versus/common/api/match-history';
import type { UserProfile } from '@versus/common/api/users';
import { isProvisional } from '@versus/common/match/skill';
import type { BanRow, UserRow } from '../../db/schema/index.ts';
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
  ban: BanRow | null,
): UserProfile {
  return {
    id: user.id,
    username: user.username,
    formattedUsername: formatUsername(user),
    formattedClassName: formatClassName(user.className),
    image: user.image,
    flag: user.flag,
    config: user.configUrl,
    rating: user.elo,
    ratingProvisional: isProvisional(user),
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
    ban: ban ? { endsAt: ban.endsAt?.toISOString() ?? null } : null,
  };
}
