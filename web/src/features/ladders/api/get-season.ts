import { useQuery } from '@tanstack/react-query';
import type { LadderSeasonTable } from '@versus/common/api/ladders';
import { apiClient } from '@/lib/api-client';
import { ladderKeys } from './ladder-keys';

export type SeasonTable = LadderSeasonTable;

/** A season's final standings (fetched when the viewer opens that season). */
export function useLadderSeason(slug: string, number: number | null) {
  return useQuery({
    queryKey: [...ladderKeys.page(slug), 'season', number],
    queryFn: async () =>
      (
        await apiClient.get<{ data: SeasonTable }>(
          `/api/v1/ladders/${encodeURIComponent(slug)}/seasons/${number}`,
        )
      ).data.data,
    enabled: number !== null,
  });
}
