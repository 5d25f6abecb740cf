// The recent-match rows of `GET /api/v1/users/{username}` and `GET /api/v1/teams/{slug}`: built by the
// server's match-history presenter, listed by the web app's match history table.

/** How a finished, disputed or cancelled match ended for one side. */
export type MatchResult = 'win' | 'loss' | 'draw' | 'cancelled' | 'disputed';

/** One finished, disputed or cancelled match as a profile or team page lists it, from one side's view. */
export interface HistoryMatch {
  id: number;
  url: string;
  type: string;
  statusId: number;
  statusName: string;
  /** ISO date of the finish (or the cancellation, or the creation when neither is known). */
  date: string;
  side: 1 | 2;
  teamName: string | null;
  opponentName: string | null;
  opponentSlug: string | null;
  score: number | null;
  opponentScore: number | null;
  result: MatchResult;
  forfeit: boolean;
  /** The rating change of the side's team, or of the player for solo-queue. */
  ratingDelta: number | null;
}
