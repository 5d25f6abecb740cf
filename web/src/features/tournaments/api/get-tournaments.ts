import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { TournamentSummary } from '@versus/common/api/tournaments';
import { tournamentKeys } from '@/lib/tournaments/tournament-keys';

export async function getTournaments(): Promise<TournamentSummary[]> {
  return (await apiClient.get<DataEnvelope<TournamentSummary[]>>('/api/v1/tournaments')).data.data;
}

export const tournamentsQueryOptions = () =>
  queryOptions({ queryKey: tournamentKeys.list, queryFn: getTournaments });

export function useTournaments() {
  return useQuery(tournamentsQueryOptions());
}
