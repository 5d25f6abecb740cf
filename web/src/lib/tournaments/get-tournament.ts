import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { TournamentPage } from '@versus/common/api/tournaments';
import { tournamentKeys } from './tournament-keys';

export async function getTournament(slug: string): Promise<TournamentPage> {
  const response = await apiClient.get<DataEnvelope<TournamentPage>>(
    `/api/v1/tournaments/${encodeURIComponent(slug)}`,
  );
  return response.data.data;
}

export const tournamentQueryOptions = (slug: string) =>
  queryOptions({ queryKey: tournamentKeys.page(slug), queryFn: () => getTournament(slug) });

/** A tournament with its teams, bracket and the viewer's sign-up options. */
export function useTournament(slug: string) {
  return useQuery(tournamentQueryOptions(slug));
}
