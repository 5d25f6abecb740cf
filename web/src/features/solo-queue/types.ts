/** One queue as `GET /api/v1/solo-queues` lists it for the viewer. */
export interface SoloQueue {
  id: number;
  name: string;
  slug: string;
  teamSize: number;
  bestOf: number;
  /** 2 × team size: a match forms when this many players wait. */
  playersNeeded: number;
  queuedCount: number;
  /** The viewer waits in this queue. */
  inQueue: boolean;
}
