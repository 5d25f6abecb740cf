import { notificationChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { notify } from '@/lib/notify';
import { queueStatusKeys, withOffset, type QueueStatusView } from '../api/get-queue-status';
import { soloQueueKeys } from '../api/get-solo-queues';
import { changeToast } from '../utils/queue-texts';

/**
 * Keeps the viewer's queue status live on their private channel, on every page: `OnSoloQueueStatus`
 * replaces it (with a toast when the player should hear why: back in the queue, out of it), and
 * `OnSoloQueueMatchFound` calls `onMatch` with the room's URL. Returns true once both listen.
 */
export function useQueueStatusLive(userId: number | null, onMatch: (url: string) => void): boolean {
  const queryClient = useQueryClient();
  const channel = userId === null ? null : notificationChannel(userId);
  const statusLive = useChannelEvent(
    channel,
    'OnSoloQueueStatus',
    ({ status, change }) => {
      const current = queryClient.getQueryData<QueueStatusView>(queueStatusKeys.me);
      // Broadcasts of two server instances may cross: an older status never replaces a newer one.
      if (current && Date.parse(status.now) < Date.parse(current.now)) return;
      queryClient.setQueryData(queueStatusKeys.me, withOffset(status));
      void queryClient.invalidateQueries({ queryKey: soloQueueKeys.list });
      const toast = changeToast(change, status);
      if (toast) notify[toast.kind](toast.message);
    },
    { refetch: [queueStatusKeys.me, soloQueueKeys.list] },
  );
  const foundLive = useChannelEvent(channel, 'OnSoloQueueMatchFound', ({ url, matchId }) =>
    onMatch(url || `/match/${matchId}`),
  );
  return statusLive && foundLive;
}
