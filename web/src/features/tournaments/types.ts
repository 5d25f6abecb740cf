export interface TournamentSummary {
  id: number;
  name: string;
  slug: string;
  url: string;
  description: string | null;
  status: string;
  teamSize: number;
  maxTeams: number | null;
  teamsCount: number;
  bestOf: number;
  finalBestOf: number | null;
  startDate: string;
  signupDeadline: string;
  signupOpen: boolean;
}

export interface BracketTeam {
  id: number;
  name: string;
  tag: string;
  slug: string;
  url: string;
}

export interface BracketMatch {
  id: number;
  url: string;
  position: number | null;
  statusId: number;
  statusName: string;
  bestOf: number;
  startDate: string | null;
  expectedStartDate: string | null;
  challengerTeam: BracketTeam | null;
  opponentTeam: BracketTeam | null;
  challengerScore: number | null;
  opponentScore: number | null;
  /** 1 challenger, 2 opponent, 0 draw, null not decided. */
  winnerSide: number | null;
}

export interface TeamRef {
  id: number;
  name: string;
  slug: string;
}

/** `GET /api/v1/tournaments/{slug}`. */
export interface TournamentPage extends TournamentSummary {
  startedAt: string | null;
  finishedAt: string | null;
  winner: BracketTeam | null;
  teams: { seed: number | null; eliminatedInRound: number | null; signedUpAt: string; team: BracketTeam }[];
  bracket: { rounds: { round: number; name: string; matches: BracketMatch[] }[] };
  viewer: { signupTeams: TeamRef[]; withdrawTeams: TeamRef[] };
}
