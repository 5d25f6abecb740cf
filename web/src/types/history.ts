/** How a finished, disputed or cancelled match ended for one side (profile and team pages). */
export type MatchResult = 'win' | 'loss' | 'draw' | 'cancelled' | 'disputed';

/** One recent match as `GET /api/v1/users/{username}` and `GET /api/v1/teams/{slug}` list it. */
export interface HistoryMatch {
  id: number;
  url: string;
  type: string;
  statusId: number;
  statusName: string;
  date: string;
  side: 1 | 2;
  teamName: string | null;
  opponentName: string | null;
  opponentSlug: string | null;
  score: number | null;
  opponentScore: number | null;
  result: MatchResult;
  forfeit: boolean;
  ratingDelta: number | null;
}
