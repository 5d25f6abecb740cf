import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import type { MapPreferencesAnswer } from '@versus/common/api/teams';

const key = (slug: string) => ['teams', slug, 'map-preferences'] as const;

export function useMapPreferences(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: key(slug),
      queryFn: async () =>
        (
          await apiClient.get<DataEnvelope<MapPreferencesAnswer['data']>>(
            `/api/v1/teams/${encodeURIComponent(slug)}/map-preferences`,
          )
        ).data.data,
    }),
  );
}

export function useSaveMapPreferences(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { mapPoolId: number; ban: number[]; pick: number[] }) =>
      (
        await apiClient.put<{ message: string }>(
          `/api/v1/teams/${encodeURIComponent(slug)}/map-preferences/${input.mapPoolId}`,
          { ban: input.ban, pick: input.pick },
        )
      ).data.message,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key(slug) }),
  });
}
