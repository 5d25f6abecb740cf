import type { HistoryMatch } from '@versus/common/api/match-history';

export interface RosterMember {
  id: number;
  username: string;
  formattedUsername: string;
  image: string | null;
  flag: string | null;
  elo: number;
  isCaptain: boolean;
  joinedAt: string;
  canKick: boolean;
  canMakeCaptain: boolean;
}

/** `GET /api/v1/teams/{slug}`. */
export interface TeamPage {
  id: number;
  name: string;
  tag: string;
  slug: string;
  url: string;
  image: string | null;
  rating: number;
  createdAt: string;
  captain: { id: number; username: string } | null;
  roster: RosterMember[];
  ladders: {
    id: number;
    name: string;
    slug: string;
    rating: number;
    wins: number;
    losses: number;
    draws: number;
  }[];
  recentMatches: HistoryMatch[];
  pendingInvitations: { id: number; userId: number; username: string }[];
  viewer: { isMember: boolean; isCaptain: boolean; canInvite: boolean; canLeave: boolean };
}

/** `GET /api/v1/team-invitations`: the signed-in user's pending invitations. */
export interface Invitation {
  id: number;
  status: string;
  createdAt: string;
  invitedBy: string | null;
  team: { id: number; name: string; tag: string; slug: string; image: string | null; url: string };
}
