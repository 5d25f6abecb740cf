import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { ActiveMatchesPage } from '@versus/common/api/active-matches';

export const activeMatchesKeys = {
  all: ['active-matches'] as const,
  page: (page: number) => ['active-matches', page] as const,
};

export async function getActiveMatches(page: number): Promise<ActiveMatchesPage> {
  const response = await apiClient.get<DataEnvelope<ActiveMatchesPage>>('/api/v1/match/user-active-matches', {
    params: { page },
  });
  return response.data.data;
}

export const activeMatchesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: activeMatchesKeys.page(page),
    queryFn: () => getActiveMatches(page),
    placeholderData: keepPreviousData,
    // No broadcast names this list; a minute keeps the badge honest without a socket per match.
    refetchInterval: 60_000,
  });

/** A page of the signed-in user's ongoing matches; `enabled` is false while signed out. */
export function useActiveMatches(page: number, enabled = true) {
  return useQuery({ ...activeMatchesQueryOptions(page), enabled });
}
