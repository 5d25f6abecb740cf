import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { PlayerStats } from '@versus/common/api/player-stats';
import { userKeys } from './user-keys';

export async function getPlayerStats(username: string): Promise<PlayerStats> {
  const response = await apiClient.get<DataEnvelope<PlayerStats>>(
    `/api/v1/users/${encodeURIComponent(username)}/stats`,
  );
  return response.data.data;
}

export const playerStatsQueryOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.stats(username), queryFn: () => getPlayerStats(username) });

/** A player's statistics over time (figures, form, maps, competitions, ratings). */
export function usePlayerStats(username: string) {
  return useQuery(playerStatsQueryOptions(username));
}
