export interface MatchSummary {
  id: number;
  url: string;
  type: string;
  statusId: number;
  statusName: string;
  challengerTeamName: string | null;
  opponentTeamName: string | null;
  challengerScore: number | null;
  opponentScore: number | null;
  createdAt: string;
  startDate: string | null;
  scoreEnteredAt: string | null;
  scoreApprovalDeadline: string | null;
}

export interface OpenDispute {
  ticketId: number;
  url: string;
  description: string;
  openedBy: string | null;
  createdAt: string;
  match: MatchSummary | null;
}

/** `GET /api/v1/admin/overview`. */
export interface AdminOverview {
  openDisputes: OpenDispute[];
  scoresAwaitingApproval: MatchSummary[];
  cancellableMatches: MatchSummary[];
}

export interface AdminMap {
  id: number;
  gameId: number;
  name: string;
  nameCmd: string;
  image: string | null;
  isActive: boolean;
}

export interface AdminLocation {
  id: number;
  hostname: string;
  city: string;
  country: string;
  flag: string;
  isActive: boolean;
}
