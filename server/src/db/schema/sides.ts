/**
 * Every match has two sides. Columns that say which side did something (`*_side`) hold these numbers,
 * because solo-queue sides have no team row; presenters map a side to its team id (ladder, tournament)
 * or to the side number itself (solo-queue).
 */
export const SIDE_CHALLENGER = 1;
export const SIDE_OPPONENT = 2;
/** `match_players.side` of a solo-queue player not picked yet (the spec's `teamId` -1). */
export const SIDE_UNASSIGNED = -1;
/** `match_maps.removed_by_side` of a ban made by the system at a veto timeout (the spec's -1). */
export const SIDE_SYSTEM = -1;
