// Solo-queues: the list with the viewer's place, joining and leaving, the pop (ready check) with accept
// and decline, the viewer's queue status; and the queue's realtime events.
import { z } from 'zod';
import { dataOf, idParam, isoDateTime } from './primitives.ts';

/** How a solo-queue makes its two teams (`solo_queues.team_formation`). */
export const TEAM_FORMATIONS = ['draft', 'balanced'] as const;

export const soloQueueParams = z.object({ id: idParam('Solo-queue') });

/** One queue as `GET /api/v1/solo-queues` lists it for the viewer. */
export const soloQueueSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    teamSize: z.number(),
    bestOf: z.number(),
    /** `draft`: the captains pick; `balanced`: the rating model makes even teams, no pick phase. */
    teamFormation: z.enum(TEAM_FORMATIONS),
    /** 2 × team size: a match forms when this many players wait. */
    playersNeeded: z.number(),
    queuedCount: z.number(),
    /** The viewer waits in this queue (false when signed out). */
    inQueue: z.boolean(),
  })
  .meta({ id: 'SoloQueue' });
export type SoloQueue = z.infer<typeof soloQueueSchema>;

export const soloQueuesAnswer = dataOf(z.array(soloQueueSchema));

export const popParams = z.object({ popId: idParam('Ready check') });

/** A pop: the ready check that starts when a queue has enough players, as one of its players sees it. */
export const soloQueuePopSchema = z
  .object({
    id: z.number(),
    queueId: z.number(),
    queueName: z.string(),
    /** When the ready check ends (30 s after it started by default). */
    deadline: isoDateTime,
    /** The ready check's whole length, in seconds. */
    seconds: z.number(),
    acceptedCount: z.number(),
    /** Seats of the match (2 × team size): the match forms when this many accepted. */
    playersNeeded: z.number(),
    /** The viewer accepted. */
    accepted: z.boolean(),
  })
  .meta({ id: 'SoloQueuePop' });
export type SoloQueuePop = z.infer<typeof soloQueuePopSchema>;

/** The viewer's place in the queue they wait in. */
export const queueEntrySchema = z
  .object({
    queueId: z.number(),
    queueName: z.string(),
    /** When they joined; a failed pop gives their place back, so this is kept. */
    joinedAt: isoDateTime,
    /** 1 = first in line (players in a pop included). */
    position: z.number(),
  })
  .meta({ id: 'SoloQueueEntry' });
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** `GET /api/v1/solo-queues/me` and `OnSoloQueueStatus`: where the viewer stands in the solo-queues. */
export const queueStatusSchema = z
  .object({
    /** The queue the viewer waits in (also during a pop), null when in none. */
    entry: queueEntrySchema.nullable(),
    /** The pop the viewer is in, null when none. */
    pop: soloQueuePopSchema.nullable(),
    /** After a declined or missed pop: joining is refused until then. */
    cooldownUntil: isoDateTime.nullable(),
    /** The server's clock when this was read: clients count from it, not from their own clock. */
    now: isoDateTime,
  })
  .meta({ id: 'SoloQueueStatus' });
export type QueueStatus = z.infer<typeof queueStatusSchema>;

export const queueStatusAnswer = dataOf(queueStatusSchema);

/** `POST /api/v1/solo-queues/{id}/join`: `status.pop` is set when this join filled the queue. */
export const joinQueueAnswer = z.object({
  message: z.string(),
  data: z.object({ queue: soloQueueSchema, status: queueStatusSchema }),
});
export type JoinQueueAnswer = z.infer<typeof joinQueueAnswer>;

/** `POST /api/v1/solo-queues/{id}/leave` (during a pop this declines it). */
export const leaveQueueAnswer = z.object({
  message: z.string(),
  data: z.object({ queue: soloQueueSchema, status: queueStatusSchema }),
});
export type LeaveQueueAnswer = z.infer<typeof leaveQueueAnswer>;

/** `POST /api/v1/solo-queues/pops/{popId}/accept`: `matchId` is set when this accept formed the match. */
export const acceptPopAnswer = z.object({
  message: z.string(),
  data: z.object({ status: queueStatusSchema, matchId: z.number().nullable() }),
});
export type AcceptPopAnswer = z.infer<typeof acceptPopAnswer>;

/** `POST /api/v1/solo-queues/pops/{popId}/decline` */
export const declinePopAnswer = z.object({
  message: z.string(),
  data: z.object({ status: queueStatusSchema }),
});
export type DeclinePopAnswer = z.infer<typeof declinePopAnswer>;

/**
 * Why `OnSoloQueueStatus` was sent: joined or left; a pop started, someone in it accepted; the pop failed
 * and the viewer is back at their place (`pop-requeued`), or out of the queue because they declined
 * (`pop-declined`) or did not accept in time (`pop-missed`); everyone accepted (`matched`).
 */
export const QUEUE_STATUS_CHANGES = [
  'joined',
  'left',
  'pop-started',
  'pop-accepted',
  'pop-requeued',
  'pop-declined',
  'pop-missed',
  'matched',
] as const;
export type QueueStatusChange = (typeof QUEUE_STATUS_CHANGES)[number];

/** `OnSoloQueueStatus` on private-notification.{userId}: the user's whole queue status after a change. */
export const soloQueueStatusEvent = z.object({
  status: queueStatusSchema,
  change: z.enum(QUEUE_STATUS_CHANGES),
});

/**
 * `OnSoloQueueMatchFound` on private-notification.{userId}: a solo-queue the user waited in formed a
 * match; the client goes to `url` (`/match/{id}`).
 */
export const soloQueueMatchFoundEvent = z.object({
  matchId: z.number(),
  queueId: z.number(),
  url: z.string(),
});

/** `OnSoloQueueUpdate` on the public channel solo-queue.{queueId}: the queue's size changed. */
export const soloQueueUpdateEvent = z.object({
  queueId: z.number(),
  queuedCount: z.number(),
  playersNeeded: z.number(),
});
