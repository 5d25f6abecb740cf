import { useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { soloQueueKeys } from '../api/get-solo-queues';
import type { SoloQueue } from '@versus/common/api/solo-queue';

/** Keeps one queue's waiting count live (`OnSoloQueueUpdate` on the public `solo-queue.{id}`). */
export function useQueueSizeLive(queueId: number): boolean {
  const queryClient = useQueryClient();
  return useChannelEvent(
    `solo-queue.${queueId}`,
    'OnSoloQueueUpdate',
    (payload) => {
      const { queuedCount } = payload;
      queryClient.setQueryData<SoloQueue[]>(soloQueueKeys.list, (queues) =>
        queues?.map((q) => (q.id === queueId ? { ...q, queuedCount } : q)),
      );
    },
    { kind: 'public', refetch: [soloQueueKeys.list] },
  );
}
