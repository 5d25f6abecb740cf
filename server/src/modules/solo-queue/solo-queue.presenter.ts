import type { SoloQueueRow } from '../../db/schema/index.ts';
import { playersNeeded } from './solo-queue-match.ts';

/** One queue as `GET /api/v1/solo-queues` lists it for the viewer. */
export interface SoloQueueView {
  id: number;
  name: string;
  slug: string;
  teamSize: number;
  bestOf: number;
  /** 2 × team size: a match forms when this many players wait. */
  playersNeeded: number;
  queuedCount: number;
  /** The viewer waits in this queue (false when signed out). */
  inQueue: boolean;
}

export function presentSoloQueue(queue: SoloQueueRow, queuedCount: number, inQueue: boolean): SoloQueueView {
  return {
    id: queue.id,
    name: queue.name,
    slug: queue.slug,
    teamSize: queue.teamSize,
    bestOf: queue.bestOf,
    playersNeeded: playersNeeded(queue),
    queuedCount,
    inQueue,
  };
}
