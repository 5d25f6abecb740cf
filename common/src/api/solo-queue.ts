// Solo-queues: the list with the viewer's place, joining and leaving; and the queue's realtime events.
import { z } from 'zod';
import { dataOf, idParam } from './primitives.ts';

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

/** `POST /api/v1/solo-queues/{id}/join`: `matchId` is set when this join formed the match. */
export const joinQueueAnswer = z.object({
  message: z.string(),
  data: z.object({ queue: soloQueueSchema, matchId: z.number().nullable() }),
});
export type JoinQueueAnswer = z.infer<typeof joinQueueAnswer>;

/** `POST /api/v1/solo-queues/{id}/leave` */
export const leaveQueueAnswer = z.object({ message: z.string(), data: z.object({ queue: soloQueueSchema }) });
export type LeaveQueueAnswer = z.infer<typeof leaveQueueAnswer>;

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
