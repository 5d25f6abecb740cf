import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { MatchDetail } from '@versus/common/api/matches';
import { matchKeys } from './match-keys';

export async function getMatchDetail(id: number): Promise<MatchDetail> {
  const response = await apiClient.get<DataEnvelope<MatchDetail>>(`/api/v1/match-detail/${id}`);
  return response.data.data;
}

export const matchDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: matchKeys.detail(id), queryFn: () => getMatchDetail(id) });

/** The detail page's data: teams, information tiles, score header. */
export function useMatchDetail(id: number) {
  return useQuery(matchDetailQueryOptions(id));
}
