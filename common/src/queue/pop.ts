// The rules of a solo-queue pop (the ready check that starts when a queue has enough players): who may
// accept, when the match forms, and who leaves the queue when it fails. Pure: the server applies the
// decision under the queue's row lock; time is a parameter.

/** How a pop row ends (`solo_queue_pops.status`). */
export const POP_STATUSES = ['open', 'matched', 'cancelled'] as const;
export type PopStatus = (typeof POP_STATUSES)[number];

/** One player of a pop: `acceptedAt` is epoch ms, null until they accept. */
export interface PopMember {
  userId: number;
  acceptedAt: number | null;
}

/** What the rules need of a pop. `deadline` is epoch ms; `needed` is 2 × team size. */
export interface PopState {
  status: PopStatus;
  deadline: number;
  needed: number;
  members: readonly PopMember[];
}

/** A player accepts or declines (leaving the queue during a pop is a decline); the deadline passes. */
export type PopCommand =
  { type: 'accept'; userId: number } | { type: 'decline'; userId: number } | { type: 'expire' };

export type PopDecision =
  /** The pop is over (ended, or its deadline passed), or the user is not one of its players. */
  | { kind: 'refused'; reason: 'over' | 'not-in-pop' | 'not-due' }
  /** A repeated accept: nothing changes. */
  | { kind: 'unchanged' }
  /** The accept is recorded; `complete` when every seat is now accepted: the match forms. */
  | { kind: 'accepted'; complete: boolean }
  /**
   * The pop fails: `removed` leave the queue (the decliner, or whoever had not accepted by the deadline),
   * `requeued` stay in the queue at the place they had (their join time is kept).
   */
  | { kind: 'cancelled'; reason: 'declined' | 'missed'; removed: number[]; requeued: number[] };

/** Decides `command` on `pop` at `now` (epoch ms). */
export function decidePop(pop: PopState, command: PopCommand, now: number): PopDecision {
  if (pop.status !== 'open') return { kind: 'refused', reason: 'over' };
  const ids = pop.members.map((m) => m.userId);
  switch (command.type) {
    case 'accept': {
      // At the deadline the ready check is over, even before the sweeper has ended it.
      if (now >= pop.deadline) return { kind: 'refused', reason: 'over' };
      const me = pop.members.find((m) => m.userId === command.userId);
      if (!me) return { kind: 'refused', reason: 'not-in-pop' };
      if (me.acceptedAt !== null) return { kind: 'unchanged' };
      const accepted = pop.members.filter((m) => m.acceptedAt !== null).length + 1;
      // Every seat, not every row: a player taken out of the queue some other way (added to a match as a
      // substitute) leaves a seat that nobody can accept, and the pop runs out instead.
      return { kind: 'accepted', complete: accepted >= pop.needed };
    }
    case 'decline': {
      // After the deadline the pop ends by its deadline's rule (whoever had not accepted leaves), not by
      // whoever answers first.
      if (now >= pop.deadline) return { kind: 'refused', reason: 'over' };
      if (!ids.includes(command.userId)) return { kind: 'refused', reason: 'not-in-pop' };
      return {
        kind: 'cancelled',
        reason: 'declined',
        removed: [command.userId],
        requeued: ids.filter((id) => id !== command.userId),
      };
    }
    case 'expire': {
      if (now < pop.deadline) return { kind: 'refused', reason: 'not-due' };
      return {
        kind: 'cancelled',
        reason: 'missed',
        removed: pop.members.filter((m) => m.acceptedAt === null).map((m) => m.userId),
        requeued: pop.members.filter((m) => m.acceptedAt !== null).map((m) => m.userId),
      };
    }
  }
}

/** "2:13" for 133 000 ms; hours roll into minutes ("75:00"). Negative counts as zero. */
export function formatQueueClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes)}:${String(seconds).padStart(2, '0')}`;
}
