import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { LadderSummary } from '@versus/common/api/ladders';
import { ladderKeys } from './ladder-keys';

export async function getLadders(): Promise<LadderSummary[]> {
  return (await apiClient.get<DataEnvelope<LadderSummary[]>>('/api/v1/ladders')).data.data;
}

export const laddersQueryOptions = () => queryOptions({ queryKey: ladderKeys.list, queryFn: getLadders });

export function useLadders() {
  return useQuery(laddersQueryOptions());
}
