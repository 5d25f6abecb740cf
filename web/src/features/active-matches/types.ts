/** One row of the header's Active games panel (spec section 3, "User active match"). */
export interface ActiveMatch {
  id: number;
  tournamentId: number | null;
  startDate: string | null;
  expectedStartDate: string | null;
  createdAt: string;
  /** Null when the side is not known yet; shown as TBD. */
  challengerTeamName: string | null;
  opponentTeamName: string | null;
  statusId: number;
}

/** `GET /api/v1/match/user-active-matches?page=n` answers `{data: ActiveMatchesPage}`. */
export interface ActiveMatchesPage {
  data: ActiveMatch[];
  userActiveMatchesCount: number;
  current_page: number;
  last_page: number;
}
