// Every command the machine accepts. People's commands carry the acting user (`actor`); the sweeper's
// timeout commands carry the step or deadline they were scheduled for, so a click racing the sweeper
// applies exactly once (the loser is refused as 'stale').
import type { Availability } from './league-rules.ts';
import type { ServerLog } from './server-log.ts';
import type {
  MapPreferences,
  MapScore,
  MatchResult,
  ScheduleFallback,
  ScheduleWindow,
  Side,
} from './state.ts';

/** Who acts: the signed-in user. Admin rights come from the user row, never from the client. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
}

export type MatchCommand =
  /**
   * The challenged captain accepts; `lineup` (optional) sets their lineup in the same step, from the
   * team's roster the server read under the lock. The own lineup must be complete to accept.
   */
  | { type: 'challenge.accept'; actor: Actor; lineup?: LineupChoice; availability?: Availability }
  /** A captain sets their side's lineup before the veto (see lineup.ts). */
  | {
      type: 'lineup.set';
      actor: Actor;
      userIds: number[];
      roster: RosterPlayer[];
      availability?: Availability;
    }
  /** Decline (the challenged captain, in 1), cancel (the challenger captain, in 1 or 3), or an admin. */
  | { type: 'match.cancel'; actor: Actor }
  /**
   * A captain proposes one to three start times (a counter-proposal replaces the open one). `window` is the
   * tournament round's window, read by the server under the row lock (absent or null: no window).
   */
  | { type: 'schedule.propose'; actor: Actor; times: number[]; window?: ScheduleWindow | null }
  /** The other captain accepts one of the open proposal's times: it becomes the match's start. */
  | { type: 'schedule.accept'; actor: Actor; time: number; window?: ScheduleWindow | null }
  /** Sweeper: the round window's deadline passed with no agreed time (status 3, no start date yet). */
  | { type: 'schedule.deadline'; fallback: ScheduleFallback }
  /** Sweeper: the start time is reached (status 3). */
  | { type: 'schedule.start'; availability?: Availability }
  | { type: 'ready.set'; actor: Actor; ready: boolean; availability?: Availability }
  /** Sweeper: the ready deadline passed (status 9). */
  | { type: 'ready.deadline' }
  | { type: 'veto.select'; actor: Actor; mapId: number }
  /** Sweeper: the turn of veto step `step` ran out. */
  | {
      type: 'veto.timeout';
      step: number;
      /** The saved map preferences of the team due, read by the server under the row lock. */
      preferences?: MapPreferences | null;
    }
  | { type: 'pick.select'; actor: Actor; playerUserId: number }
  /** Sweeper: the pick `step` ran out. */
  | { type: 'pick.timeout'; step: number }
  | { type: 'location.vote'; actor: Actor; locationId: number }
  /** A player's browser reports its latency to the offered locations (replaces that player's pings). */
  | { type: 'location.pings'; actor: Actor; pings: { locationId: number; ms: number }[] }
  /** Sweeper: the location vote deadline passed. */
  | { type: 'location.deadline' }
  | {
      type: 'score.submit';
      actor: Actor;
      scores: MapScore[];
      /** The game server's log, read by the server under the row lock; absent or null: no log. */
      log?: ServerLog | null;
    }
  /** The system enters the map scores read from the game server's log (status 4 → 8). */
  | { type: 'score.fromLog'; scores: MapScore[] }
  | { type: 'score.approve'; actor: Actor; approve: boolean }
  /**
   * Sweeper: nobody answered the entered score in time; it is approved, unless the game server's log (read
   * under the row lock, as for `score.submit`) has a result that differs from it: then the log's is taken.
   */
  | { type: 'score.timeout'; log?: ServerLog | null }
  | { type: 'dispute.open'; actor: Actor }
  /** An admin settles a dispute (6): a final score (→ 5) or a cancellation (→ 7). */
  | { type: 'dispute.resolve'; actor: Actor; resolution: DisputeResolution }
  /** An admin finishes a match before its result: a named winner (or a draw) or a walkover (→ 5). */
  | { type: 'result.award'; actor: Actor; award: ResultAward }
  /**
   * A captain adds `userId` as a substitute to their side. `candidates` are the players that side may
   * add now, which only the server can know (the team's members not in the match, or the players
   * waiting in the match's solo-queue); it loads them under the match's row lock.
   */
  | {
      type: 'sub.add';
      actor: Actor;
      userId: number;
      /** The lineup player the substitute replaces, one for one. */
      replacesUserId: number;
      candidates: SubCandidate[];
      availability?: Availability;
    };

/**
 * The commands that may put players in play or need the teams' member counts: the server reads their
 * `availability` (league-rules.ts) under the locks before deciding them.
 */
export const COMMANDS_WITH_AVAILABILITY = [
  'challenge.accept',
  'lineup.set',
  'schedule.start',
  'ready.set',
  'sub.add',
] as const satisfies readonly MatchCommand['type'][];

/** A player of a team's roster, as the server read it. */
export interface RosterPlayer {
  userId: number;
  username: string;
  rating: number;
}

/** The lineup a captain chose and the roster it is chosen from. */
export interface LineupChoice {
  userIds: number[];
  roster: RosterPlayer[];
}

/** A player a captain may add as a substitute. */
export interface SubCandidate {
  userId: number;
  username: string;
  rating: number;
}

/** How an admin settles a dispute; `scores` follow the same rules as an entered score. */
export type DisputeResolution = { kind: 'score'; scores: MapScore[] } | { kind: 'cancel' };

/**
 * What an admin awards (see award.ts), always with a reason: a result (the winner, or a draw where the
 * competition allows draws, with the played maps' scores or none), or a walkover (`absentSide` did not show;
 * the other side wins).
 */
export type ResultAward =
  | { kind: 'result'; winnerSide: MatchResult; scores: MapScore[] | null; reason: string }
  | { kind: 'walkover'; absentSide: Side; reason: string };

export type MatchCommandType = MatchCommand['type'];
