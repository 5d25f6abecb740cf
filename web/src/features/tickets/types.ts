export interface TicketPerson {
  id: number;
  username?: string;
  formattedUsername?: string;
}

/** `GET /api/v1/tickets/{id}`: the dispute, its match and messages (players of the match and admins). */
export interface Ticket {
  id: number;
  status: string;
  /** Plain text. */
  description: string;
  resolution: string | null;
  resolutionNote: string | null;
  createdAt: string;
  resolvedAt: string | null;
  openedBy: TicketPerson | null;
  match: {
    id: number;
    url: string;
    statusId: number;
    statusName: string;
    challengerName: string;
    opponentName: string;
    score: { challenger: number | null; opponent: number | null };
  };
  messages: { id: number; message: string; user: TicketPerson | null; createdAt: string }[];
  canResolve: boolean;
}

/** The played maps of the match, from the score form (`GET /api/v1/match-detail/score/form/{matchId}`). */
export interface ScoreSheet {
  teams: { challengerTeam: { tag: string }; opponentTeam: { tag: string } };
  enteredScores: { id: number; mapName: string; firstScore: number | null; secondScore: number | null }[];
}

export type Resolution =
  | {
      result: 'score';
      scores: { id: number; firstScore: number | null; secondScore: number | null }[];
      note?: string;
    }
  | { result: 'cancel'; note?: string };
