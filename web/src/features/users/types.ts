import type { HistoryMatch } from '@versus/common/api/match-history';

export interface RatingPoint {
  matchId: number | null;
  reason: string;
  oldRating: number;
  newRating: number;
  delta: number;
  createdAt: string;
}

export interface ProfileTeam {
  id: number;
  name: string;
  tag: string;
  slug: string;
  image: string | null;
  rating: number;
  isCaptain: boolean;
  url: string;
}

/** `GET /api/v1/users/{username}`: what anyone may see of a player. */
export interface UserProfile {
  id: number;
  username: string;
  /** Sanitized HTML. */
  formattedUsername: string;
  formattedClassName: string | null;
  image: string | null;
  flag: string | null;
  config: string | null;
  rating: number;
  /** Oldest first. */
  ratingHistory: RatingPoint[];
  teams: ProfileTeam[];
  recentMatches: HistoryMatch[];
  memberSince: string;
}

/** The fields of the signed-in user that the settings page edits. */
export interface SettingsUser {
  id: number;
  username: string;
  image: string | null;
  flag: string | null;
}
