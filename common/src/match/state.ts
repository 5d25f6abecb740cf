// The state the machine works on: one match, as the server loads it inside its row lock.
//
// Time: every moment (`now`, deadlines, dates) is epoch milliseconds (a plain number), so states compare,
// serialise and replay without Date objects. The server converts at its edges (`new Date(ms)`, and
// `Math.floor(ms / 1000)` for the spec's unix-seconds `timeRemaining`).
//
// Sides, not team ids: who did something is a side (1 challenger, 2 opponent), as in the database
// (`server/src/db/schema/sides.ts`), because solo-queue sides have no team row. Presenters map a side to
// `challengerTeamId`/`opponentTeamId` (or to the side number itself for solo-queue) with `teamIdOfSide`.
import type { MatchType, StatusId } from './statuses.ts';
import type { BestOf } from './veto-order.ts';

export const SIDE_CHALLENGER = 1;
export const SIDE_OPPONENT = 2;
export type Side = typeof SIDE_CHALLENGER | typeof SIDE_OPPONENT;
export const SIDES = [SIDE_CHALLENGER, SIDE_OPPONENT] as const;
/** `removedBySide` of a ban the system made at a veto timeout (the spec's `removedByTeamId` -1). */
export const SIDE_SYSTEM = -1;
/** `MatchPlayer.side` of a solo-queue player not picked yet (the spec's `teamId` -1). */
export const SIDE_UNASSIGNED = -1;
/** On the wire: `removedByTeamId` of a map the system banned at a veto timeout. */
export const SYSTEM_TEAM_ID = SIDE_SYSTEM;
/** On the wire: the `teamId` of a solo-queue player still in the pool (not picked yet). */
export const POOL_TEAM_ID = SIDE_UNASSIGNED;

/** `winnerSide` of a drawn series (the database's 0): rated 0.5 each, counted in the ladder's draws. */
export const RESULT_DRAW = 0;
/** A finished match's result: the winning side, or a draw. */
export type MatchResult = Side | typeof RESULT_DRAW;

export function otherSide(side: Side): Side {
  return side === SIDE_CHALLENGER ? SIDE_OPPONENT : SIDE_CHALLENGER;
}

/** One side of the match: its team (null for solo-queue) and the user who acts for it. */
export interface MatchSideState {
  teamId: number | null;
  tag: string;
  name: string;
  captainUserId: number | null;
  captainUsername: string | null;
  /** Tournament ready check (status 9). */
  ready: boolean;
  /**
   * Players on the team's roster now (ladder, tournament), read under the row lock; null in solo-queue.
   * A lineup is complete with `settings.teamSize` players, or the whole roster when it is smaller.
   */
  rosterSize?: number | null;
  /** Substitutes this side has brought in so far (a replaced player leaves the match, the count stays). */
  subsUsed?: number;
  /**
   * The team's saved map preferences for the match's pool (loaded during the veto): map ids to ban first
   * and to pick first. The auto-veto follows them (see veto.ts).
   */
  mapPreferences?: MapPreferences;
}

export interface MapPreferences {
  ban: number[];
  pick: number[];
}

/** Why the system chose a map at a veto timeout: the team's preferences, or a seeded draw. */
export type AutoVetoReason = 'preferences' | 'system';

/** A player of the match. Ladder/tournament: the side's roster; solo-queue: everyone from the queue. */
export interface MatchPlayer {
  userId: number;
  username: string;
  side: Side | typeof SIDE_UNASSIGNED;
  /** Solo-queue rating; decides captains and auto-picks. */
  rating: number;
  /** Added by a captain as a substitute (absent: one of the players the match started with). */
  isSub?: boolean;
  /** A substitute: the lineup player they replaced. */
  replacesUserId?: number;
}

/** One map of the match's pool and what the veto did with it. */
export interface MatchMapState {
  mapId: number;
  name: string;
  nameCmd: string;
  pickedBySide: Side | null;
  removedBySide: Side | typeof SIDE_SYSTEM | null;
  decider: boolean;
  /** Play order, 1-based: picks in the order they were picked, then the decider. Null if not played. */
  mapOrder: number | null;
  /** The veto step (1-based) that decided this map; the decider gets the number after the last step. */
  mapIndex: number | null;
  /** Set when the system chose this map at a timeout, and why. */
  autoReason?: AutoVetoReason | null;
}

/** Clock lengths; the server fills them from the ladder, tournament or queue settings. */
export interface MatchSettings {
  vetoTurnSeconds: number;
  readySeconds: number;
  pickSeconds: number;
  locationVoteSeconds: number;
  scoreApprovalSeconds: number;
  disputeWindowSeconds: number;
  /** Highest score a team can have on one map. */
  maxMapScore: number;
  /** Substitutes each side may add to one match. */
  maxSubsPerSide: number;
  /** Players per side (the competition's team size): the size of a lineup. */
  teamSize: number;
  /** A map may end level and a series drawn (the competition's `draws_allowed`). */
  drawsAllowed: boolean;
  /**
   * Where the game server runs: `vote` (status 11 before the veto, see location.ts) or `fixed` (the
   * competition's `fixedLocationId`, set without a vote).
   */
  locationRule: LocationRule;
  fixedLocationId: number | null;
}

/** The competition's location setting (`location_rule`). */
export const LOCATION_RULES = ['vote', 'fixed'] as const;
export type LocationRule = (typeof LOCATION_RULES)[number];

/**
 * Which rule chose the match's location: the most votes, the lowest median ping of the voters' browsers
 * (nobody voted or the vote tied), the lowest id (no pings either), or the competition's fixed location.
 */
export const LOCATION_DECIDED_BY = ['vote', 'ping', 'lowest_id', 'fixed'] as const;
export type LocationDecidedBy = (typeof LOCATION_DECIDED_BY)[number];

export const DEFAULT_MATCH_SETTINGS: MatchSettings = {
  vetoTurnSeconds: 30,
  readySeconds: 10 * 60,
  pickSeconds: 30,
  locationVoteSeconds: 60,
  scoreApprovalSeconds: 24 * 60 * 60,
  disputeWindowSeconds: 24 * 60 * 60,
  maxMapScore: 100,
  maxSubsPerSide: 2,
  teamSize: 5,
  drawsAllowed: false,
  locationRule: 'vote',
  fixedLocationId: null,
};

export interface VetoState {
  /** Team A of the veto order (see veto-order.ts). */
  firstSide: Side;
  /** Steps done so far = index of the step due now. */
  step: number;
  /** End of the current turn (epoch ms); null outside status 2. */
  deadline: number | null;
}

export interface PickState {
  /** Picks done so far = index of the pick due now (snake order). */
  step: number;
  deadline: number | null;
}

export interface LocationState {
  /** Offered locations, in tie-break order (the server passes them by ascending id). */
  candidateIds: number[];
  votes: { userId: number; locationId: number }[];
  /** Latency the players' browsers measured to each offered location (ms), the tie-break of the vote. */
  pings?: LocationPing[];
  deadline: number | null;
  chosenId: number | null;
  /** Which rule chose `chosenId` (null while undecided, and for matches decided before it was kept). */
  decidedBy?: LocationDecidedBy | null;
}

export interface LocationPing {
  userId: number;
  locationId: number;
  ms: number;
}

export interface MapScore {
  mapId: number;
  challengerScore: number | null;
  opponentScore: number | null;
}

export interface ScoreState {
  maps: MapScore[] | null;
  enteredBySide: Side | null;
  enteredByUserId: number | null;
  approvalDeadline: number | null;
  /** Series score in maps won, set when the score is entered. */
  challengerMaps: number | null;
  opponentMaps: number | null;
  /**
   * The score is the game server log's: entered by the system (no side entered it; either captain answers),
   * or a captain's entry equal to the log's result, or the log's result taken at the approval deadline.
   */
  fromLog?: boolean;
}

/** A player who already plays another match in play (see league-rules.ts). */
export interface PlayingElsewhere {
  userId: number;
  username: string;
  matchId: number;
}

export const CANCEL_REASONS = [
  'declined',
  'cancelled',
  'ready-timeout',
  'admin',
  'schedule-timeout',
] as const;

/**
 * A result an admin awarded (see award.ts): the reason they gave and who they were. A walkover is an award
 * with `forfeit` set on the match (the loser did not show); without it the admin named the winner (or a
 * draw), with or without map scores.
 */
export interface MatchAward {
  reason: string;
  byUserId: number | null;
}
export type CancelReason = (typeof CANCEL_REASONS)[number];

export interface MatchState {
  id: number;
  type: MatchType;
  statusId: StatusId;
  bestOf: BestOf;
  challenger: MatchSideState;
  opponent: MatchSideState;
  players: MatchPlayer[];
  /** When play is due (epoch ms); null = as soon as accepted. */
  startDate: number | null;
  settings: MatchSettings;
  /** Seed of every system choice (auto-veto); stored so each choice can be replayed. */
  randomSeed: number;
  readyDeadline: number | null;
  /** In veto-grid order, which is also the order the auto-veto draws from (see veto.ts). */
  maps: MatchMapState[];
  veto: VetoState;
  pick: PickState;
  location: LocationState;
  score: ScoreState;
  /** 1 | 2, 0 for a draw (`RESULT_DRAW`), or null while undecided. */
  winnerSide: MatchResult | null;
  /** Decided without being played: a walkover (an admin's) or a missed tournament ready check. */
  forfeit: boolean;
  /** Set when an admin awarded the result (a walkover or a named winner); null for a played result. */
  award?: MatchAward | null;
  finishedAt: number | null;
  cancelledByUserId: number | null;
  cancelReason: CancelReason | null;
  /**
   * Players of this match (or about to join it) who play another match in play, read by the server under
   * the players' locks for the commands that would put them in play (see league-rules.ts); never stored.
   * Absent: nobody is known to play elsewhere.
   */
  elsewhere?: PlayingElsewhere[];
  /** The open time proposal of a ladder challenge or tournament match (see schedule.ts); null: none. */
  timeProposal?: TimeProposal | null;
  /** `startDate` is a time both captains agreed on (see schedule.ts). */
  timeAgreed?: boolean;
}

/** Up to three start times (epoch ms, ascending) one captain offered; the other accepts one or counters. */
export interface TimeProposal {
  side: Side;
  byUserId: number;
  times: number[];
  /** When it was made (epoch ms). */
  at: number;
}

/** A tournament round's window for agreeing a time (epoch ms): times must fall in [opens, deadline]. */
export interface ScheduleWindow {
  opens: number;
  deadline: number;
}

/**
 * What a round window's deadline does to a match with no agreed time: the admin's default time, or the
 * forfeit rule (see `decideScheduleDeadline`).
 */
export type ScheduleFallback = { kind: 'default_time'; at: number } | { kind: 'forfeit' };

export function sideState(match: MatchState, side: Side): MatchSideState {
  return side === SIDE_CHALLENGER ? match.challenger : match.opponent;
}

/** The side whose captain `userId` is, or null. */
export function captainSide(match: MatchState, userId: number | null): Side | null {
  if (userId === null) return null;
  if (match.challenger.captainUserId === userId) return SIDE_CHALLENGER;
  if (match.opponent.captainUserId === userId) return SIDE_OPPONENT;
  return null;
}

/** The side `userId` plays on (captains count even if absent from `players`), or null. */
export function playerSide(match: MatchState, userId: number | null): Side | null {
  const captain = captainSide(match, userId);
  if (captain !== null) return captain;
  const player = match.players.find((p) => p.userId === userId);
  return player && player.side !== SIDE_UNASSIGNED ? player.side : null;
}

/** The spec's team id for a side: the team row's id, or the side number for solo-queue. */
export function teamIdOfSide(match: MatchState, side: Side | typeof SIDE_SYSTEM): number {
  if (side === SIDE_SYSTEM) return SIDE_SYSTEM;
  return sideState(match, side).teamId ?? side;
}
