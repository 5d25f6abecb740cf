import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchRatings } from '@versus/common/api/ratings';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export async function getMatchRatings(matchId: number): Promise<MatchRatings> {
  const response = await apiClient.get<DataEnvelope<MatchRatings>>(`/api/v1/match-detail/ratings/${matchId}`);
  return response.data.data;
}

/** The rating breakdown (refetched with the rest of the room on `MatchDetailUpdate`). */
export function useMatchRatings(matchId: number) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.ratings(matchId), queryFn: () => getMatchRatings(matchId) }),
  );
}
