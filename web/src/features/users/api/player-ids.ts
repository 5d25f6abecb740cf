import type { BoundPlayerId } from '@versus/common/api/game-servers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { userKeys } from './user-keys';

export type PlayerIdBinding = BoundPlayerId;

export async function getPlayerIds(): Promise<PlayerIdBinding[]> {
  return (await apiClient.get<DataEnvelope<PlayerIdBinding[]>>('/api/v1/users/me/player-ids')).data.data;
}

export const playerIdsQueryOptions = () =>
  queryOptions({ queryKey: userKeys.playerIds, queryFn: getPlayerIds });

export function usePlayerIds() {
  return useQuery(playerIdsQueryOptions());
}

/** Links (or replaces) the CoD4x player id for a game; `null` removes it. */
export async function savePlayerId({ game, playerId }: { game: string; playerId: string | null }) {
  const url = `/api/v1/users/me/player-ids/${game}`;
  const response =
    playerId === null
      ? await apiClient.delete<DataEnvelope<PlayerIdBinding[]>>(url)
      : await apiClient.put<DataEnvelope<PlayerIdBinding[]>>(url, { playerId });
  return response.data.data;
}

export function useSavePlayerId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlayerId,
    onSuccess: (list) => queryClient.setQueryData(userKeys.playerIds, list),
  });
}
