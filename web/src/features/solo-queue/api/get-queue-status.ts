import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { QueueStatus } from '@versus/common/api/solo-queue';

/** The viewer's queue status, with how far this browser's clock is behind the server's. */
export interface QueueStatusView extends QueueStatus {
  /** Server clock minus this browser's clock when the status arrived (ms): count with `Date.now() + offsetMs`. */
  offsetMs: number;
}

// Not under ['solo-queues']: invalidating the list must not refetch the status the answer just set.
export const queueStatusKeys = { me: ['solo-queue-status'] as const };

/** Reads the server's `now` against this browser's clock as the status arrives. */
export function withOffset(status: QueueStatus, receivedAt = Date.now()): QueueStatusView {
  return { ...status, offsetMs: Date.parse(status.now) - receivedAt };
}

export async function getQueueStatus(): Promise<QueueStatusView> {
  const response = await apiClient.get<DataEnvelope<QueueStatus>>('/api/v1/solo-queues/me');
  return withOffset(response.data.data);
}

export const queueStatusQueryOptions = () =>
  queryOptions({ queryKey: queueStatusKeys.me, queryFn: getQueueStatus, staleTime: 0 });

/** The signed-in viewer's queue status (nothing is fetched while `enabled` is false). */
export function useQueueStatus(enabled: boolean) {
  return useQuery({ ...queueStatusQueryOptions(), enabled });
}
