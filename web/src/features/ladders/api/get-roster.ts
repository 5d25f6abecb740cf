import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { RosterMember, TeamPage } from '@versus/common/api/teams';

/** The roster of the challenger's team, to choose the lineup from (the team page's answer). */
export function useTeamRoster(slug: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['teams', 'roster', slug],
      queryFn: async (): Promise<RosterMember[]> => {
        const response = await apiClient.get<DataEnvelope<TeamPage>>(
          `/api/v1/teams/${encodeURIComponent(slug ?? '')}`,
        );
        return response.data.data.roster;
      },
      enabled: slug !== null,
    }),
  );
}
