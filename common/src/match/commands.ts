// Every command the machine accepts. People's commands carry the acting user (`actor`); the sweeper's
// timeout commands carry the step or deadline they were scheduled for, so a click racing the sweeper
// applies exactly once (the loser is refused as 'stale').
import type { MapScore } from './state.ts';

/** Who acts: the signed-in user. Admin rights come from the user row, never from the client. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
}

export type MatchCommand =
  | { type: 'challenge.accept'; actor: Actor }
  /** Decline (the challenged captain, in 1), cancel (the challenger captain, in 1 or 3), or an admin. */
  | { type: 'match.cancel'; actor: Actor }
  /** Sweeper: the start time is reached (status 3). */
  | { type: 'schedule.start' }
  | { type: 'ready.set'; actor: Actor; ready: boolean }
  /** Sweeper: the ready deadline passed (status 9). */
  | { type: 'ready.deadline' }
  | { type: 'veto.select'; actor: Actor; mapId: number }
  /** Sweeper: the turn of veto step `step` ran out. */
  | { type: 'veto.timeout'; step: number }
  | { type: 'pick.select'; actor: Actor; playerUserId: number }
  /** Sweeper: the pick `step` ran out. */
  | { type: 'pick.timeout'; step: number }
  | { type: 'location.vote'; actor: Actor; locationId: number }
  /** Sweeper: the location vote deadline passed. */
  | { type: 'location.deadline' }
  | { type: 'score.submit'; actor: Actor; scores: MapScore[] }
  | { type: 'score.approve'; actor: Actor; approve: boolean }
  /** Sweeper: nobody answered the entered score in time; it is approved. */
  | { type: 'score.timeout' }
  | { type: 'dispute.open'; actor: Actor }
  /** An admin settles a dispute (6): a final score (→ 5) or a cancellation (→ 7). */
  | { type: 'dispute.resolve'; actor: Actor; resolution: DisputeResolution };

/** How an admin settles a dispute; `scores` follow the same rules as an entered score. */
export type DisputeResolution = { kind: 'score'; scores: MapScore[] } | { kind: 'cancel' };

export type MatchCommandType = MatchCommand['type'];
