export interface LadderSummary {
  id: number;
  name: string;
  slug: string;
  url: string;
  description: string | null;
  teamSize: number;
  isActive: boolean;
  teamsCount: number;
}

export interface Standing {
  rank: number;
  team: { id: number; name: string; tag: string; slug: string; image: string | null; url: string };
  rating: number;
  wins: number;
  losses: number;
  draws: number;
  joinedAt: string;
  isOwnTeam: boolean;
  /** The viewer captains a team on the ladder that may challenge this one now. */
  canChallenge: boolean;
}

export interface TeamRef {
  id: number;
  name: string;
  slug: string;
}

/** `GET /api/v1/ladders/{slug}`. */
export interface LadderPage extends LadderSummary {
  standings: Standing[];
  viewer: { challengerTeams: TeamRef[]; joinableTeams: TeamRef[] };
}
