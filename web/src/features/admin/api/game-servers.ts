import type {
  AdminGameServer,
  AdminGameServerSaved,
  gameServerUpdateSchema,
} from '@versus/common/api/game-servers';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { adminKeys } from './admin-keys';

export async function getGameServers(): Promise<AdminGameServer[]> {
  return (await apiClient.get<DataEnvelope<AdminGameServer[]>>('/api/v1/admin/game-servers')).data.data;
}

/** The pool with live state; refreshed every 5 s while the page is open (the server reads them every 2 s). */
export const gameServersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.gameServers, queryFn: getGameServers, refetchInterval: 5000 });

export function useGameServers() {
  return useQuery(gameServersQueryOptions());
}

/** Registers a server (no `id`) or changes one; the answer says what the rcon check found. */
export async function saveGameServer({
  id,
  ...input
}: GameServerInput & { id?: number }): Promise<AdminGameServerSaved> {
  const response =
    id === undefined
      ? await apiClient.post<DataEnvelope<AdminGameServerSaved>>('/api/v1/admin/game-servers', input)
      : await apiClient.patch<DataEnvelope<AdminGameServerSaved>>(`/api/v1/admin/game-servers/${id}`, input);
  return response.data.data;
}

/** A registration or a change (any subset of the fields). */
export type GameServerInput = z.input<typeof gameServerUpdateSchema>;

export function useSaveGameServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGameServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.gameServers }),
  });
}

export function useDeleteGameServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(`/api/v1/admin/game-servers/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.gameServers }),
  });
}
