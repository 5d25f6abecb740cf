import type { RoundTimeline } from '@versus/common/api/round-timeline';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export async function getRoundTimeline(matchId: number): Promise<RoundTimeline> {
  const response = await apiClient.get<DataEnvelope<RoundTimeline>>(`/api/v1/match-detail/rounds/${matchId}`);
  return response.data.data;
}

/** The Match Overview's round timeline, loaded when its tab is opened. */
export function useRoundTimeline(matchId: number) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.rounds(matchId), queryFn: () => getRoundTimeline(matchId) }),
  );
}
