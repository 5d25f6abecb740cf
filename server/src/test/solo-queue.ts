// Filling a solo-queue the way players do: each joins, then everyone accepts the pop (the ready check).
import { acceptPopAnswer, joinQueueAnswer } from '@versus/common/api/solo-queue';
import { expectAnswer } from './answers.ts';
import type { TestClient } from './client.ts';

/**
 * `players` join queue `queueId` one after the other; the join that fills it starts a pop, which every
 * player of it then accepts. Returns the formed match's id (throws when the queue did not fill).
 */
export async function joinAndAcceptAll(players: TestClient[], queueId: number): Promise<number> {
  let popId: number | null = null;
  const popped: TestClient[] = [];
  for (const player of players) {
    const res = await player.post(`/api/v1/solo-queues/${String(queueId)}/join`);
    const pop = expectAnswer(res, joinQueueAnswer).data.status.pop;
    if (pop) popId ??= pop.id;
    popped.push(player);
  }
  if (popId === null) throw new Error('the queue did not fill: no pop started');
  let matchId: number | null = null;
  for (const player of popped) {
    const res = await player.post(`/api/v1/solo-queues/pops/${String(popId)}/accept`);
    matchId ??= expectAnswer(res, acceptPopAnswer).data.matchId;
  }
  if (matchId === null) throw new Error('every player accepted, yet no match formed');
  return matchId;
}
