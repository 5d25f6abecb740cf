import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { VetoMatch } from '@versus/common/api/matches';
import { matchKeys } from './match-keys';

export async function getVetoMatch(id: number): Promise<VetoMatch> {
  const response = await apiClient.get<DataEnvelope<VetoMatch>>(`/api/v1/match/${id}`);
  return response.data.data;
}

export const vetoMatchQueryOptions = (id: number) =>
  queryOptions({ queryKey: matchKeys.veto(id), queryFn: () => getVetoMatch(id) });

/** The veto-shaped match; `OnMatchMapChange` replaces it in the cache with the broadcast copy. */
export function useVetoMatch(id: number) {
  return useQuery(vetoMatchQueryOptions(id));
}
