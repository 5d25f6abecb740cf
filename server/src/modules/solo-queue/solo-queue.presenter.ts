import type { SoloQueue } from '@versus/common/api/solo-queue';
import type { SoloQueueRow } from '../../db/schema/index.ts';
import { playersNeeded } from './solo-queue-match.ts';

/** One queue as `GET /api/v1/solo-queues` lists it for the viewer. */
export type SoloQueueView = SoloQueue;

export function presentSoloQueue(queue: SoloQueueRow, queuedCount: number, inQueue: boolean): SoloQueueView {
  return {
    id: queue.id,
    name: queue.name,
    slug: queue.slug,
    teamSize: queue.teamSize,
    bestOf: queue.bestOf,
    teamFormation: queue.teamFormation === 'balanced' ? 'balanced' : 'draft',
    playersNeeded: playersNeeded(queue),
    queuedCount,
    inQueue,
  };
}
