import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { StuckMatch } from '@versus/common/api/stuck-matches';
import { adminKeys } from './admin-keys';

export async function getStuckMatches(): Promise<StuckMatch[]> {
  return (await apiClient.get<DataEnvelope<StuckMatch[]>>('/api/v1/admin/stuck-matches')).data.data;
}

export const stuckMatchesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stuckMatches, queryFn: getStuckMatches, staleTime: 0 });

/** Open matches that nothing moves on, longest stuck first, with why. */
export function useStuckMatches() {
  return useQuery(stuckMatchesQueryOptions());
}
