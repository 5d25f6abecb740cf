// Match statuses and the legal moves between them, as data. The ids are part of the API (every client
// compares them); 3, 5 and 7 are scheduled, finished and cancelled. `MATCH_TRANSITIONS` is the only place
// that says which move is legal: the machine refuses (throws) any status change that is not in it, and
// `statuses.test.ts` tests it.

export const MATCH_TYPES = ['ladder', 'tournament', 'solo-queue'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const MATCH_STATUSES = [
  { id: 1, key: 'challenge', name: 'Challenge' },
  { id: 3, key: 'scheduled', name: 'Scheduled' },
  { id: 9, key: 'ready-up', name: 'Ready up' },
  { id: 10, key: 'player-select', name: 'Player select' },
  { id: 11, key: 'location-select', name: 'Location select' },
  { id: 2, key: 'map-veto', name: 'Map veto' },
  { id: 4, key: 'in-progress', name: 'In progress' },
  { id: 8, key: 'score-entered', name: 'Score entered, waiting for approval' },
  { id: 6, key: 'disputed', name: 'Disputed' },
  { id: 5, key: 'finished', name: 'Finished' },
  { id: 7, key: 'cancelled', name: 'Cancelled' },
] as const;

export type StatusId = (typeof MATCH_STATUSES)[number]['id'];
export type StatusKey = (typeof MATCH_STATUSES)[number]['key'];

/** Named ids, so code reads `STATUS.mapVeto` rather than `2`. */
export const STATUS = {
  challenge: 1,
  mapVeto: 2,
  scheduled: 3,
  inProgress: 4,
  finished: 5,
  disputed: 6,
  cancelled: 7,
  scoreEntered: 8,
  readyUp: 9,
  playerSelect: 10,
  locationSelect: 11,
} as const satisfies Record<string, StatusId>;

export const STATUS_IDS: readonly StatusId[] = MATCH_STATUSES.map((s) => s.id);

export function isStatusId(value: number): value is StatusId {
  return (STATUS_IDS as readonly number[]).includes(value);
}

/** The human name shown in the information tile (`statusName`). */
export function statusName(id: StatusId): string {
  const found = MATCH_STATUSES.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown status ${String(id)}`);
  return found.name;
}

/**
 * Statuses in which a match holds its players: a player is in at most one such match at a time (see
 * league-rules.ts). Ready up (9) holds a team's players from the moment their captain sets the team ready:
 * before that the tournament's schedule may open a ready check while a player is still busy elsewhere.
 * A disputed match (6) waits for an admin and holds nobody.
 */
export const IN_PLAY_STATUSES = [
  STATUS.readyUp,
  STATUS.playerSelect,
  STATUS.locationSelect,
  STATUS.mapVeto,
  STATUS.inProgress,
  STATUS.scoreEntered,
] as const satisfies readonly StatusId[];

/** Statuses where nothing can happen any more except a dispute (5) or nothing at all (7). */
export const FINAL_STATUSES = [STATUS.finished, STATUS.cancelled] as const satisfies readonly StatusId[];

/**
 * from → the statuses it may move to. Why each edge exists:
 * 1 challenge: accepted → 3; declined or cancelled → 7.
 * 3 scheduled: start time reached → 2 (ladder veto; 11 first with the `vote` location rule) or 9
 *   (tournament ready check); cancelled → 7.
 * 9 ready up: both ready → 2 (11 first with the `vote` location rule); deadline with one team ready → 5
 *   (forfeit); neither ready or admin → 7.
 * 10 player select: all picked → 11. 11 location select: vote over → 2.
 * 2 map veto: veto over → 4 (game server requested).
 * 4 in progress: score entered → 8; dispute → 6.
 * 8 score entered: approved (or approval deadline) → 5; disapproved → 4; dispute → 6.
 * 6 disputed: an admin resolves with a score → 5 or a cancellation → 7.
 * 5 finished: a dispute may still be opened within the dispute window → 6.
 * Every status that is not final may be cancelled by an admin → 7.
 * Every status before a result (all but 6, 5 and 7) may be finished by an admin's award (a result or a
 * walkover, see award.ts) → 5.
 */
export const MATCH_TRANSITIONS = {
  1: [3, 5, 7],
  3: [2, 9, 11, 5, 7],
  9: [2, 11, 5, 7],
  10: [11, 5, 7],
  11: [2, 5, 7],
  2: [4, 5, 7],
  4: [8, 6, 5, 7],
  8: [5, 4, 6, 7],
  6: [5, 7],
  5: [6],
  7: [],
} as const satisfies Record<StatusId, readonly StatusId[]>;

export function canTransition(from: StatusId, to: StatusId): boolean {
  return (MATCH_TRANSITIONS[from] as readonly StatusId[]).includes(to);
}
