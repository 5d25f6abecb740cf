import type { MatchStatisticsView } from '@versus/common/stats/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export async function getStatistics(matchId: number): Promise<MatchStatisticsView> {
  const response = await apiClient.get<DataEnvelope<MatchStatisticsView>>(
    `/api/v1/match-detail/statistics/${matchId}`,
  );
  return response.data.data;
}

/** The Match Overview's data; the trigger shows only once it holds team data. */
export function useStatistics(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.statistics(matchId), queryFn: () => getStatistics(matchId), enabled }),
  );
}
