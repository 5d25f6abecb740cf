import { notificationChannel } from '@versus/common/realtime';
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

/**
 * Calls `onFound` with the match room URL when a queue the user waits in forms a match
 * (`OnSoloQueueMatchFound` on the user's private notification channel).
 */
export function useMatchFound(userId: number | null, onFound: (url: string) => void): boolean {
  return useChannelEvent(
    userId === null ? null : notificationChannel(userId),
    'OnSoloQueueMatchFound',
    (payload) => {
      const { url, matchId } = payload;
      onFound(url || `/match/${matchId}`);
    },
    { kind: 'private' },
  );
}
