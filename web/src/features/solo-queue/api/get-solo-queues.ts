import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { SoloQueue } from '@versus/common/api/solo-queue';

export const soloQueueKeys = { list: ['solo-queues'] as const };

export async function getSoloQueues(): Promise<SoloQueue[]> {
  return (await apiClient.get<DataEnvelope<SoloQueue[]>>('/api/v1/solo-queues')).data.data;
}

export const soloQueuesQueryOptions = () =>
  queryOptions({ queryKey: soloQueueKeys.list, queryFn: getSoloQueues, staleTime: 0 });

export function useSoloQueues() {
  return useQuery(soloQueuesQueryOptions());
}
