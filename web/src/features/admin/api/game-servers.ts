import type {
  AdminGameServer,
  AdminGameServerSaved,
  gameServerCommandAnswer,
  gameServerUpdateSchema,
  MatchGuest,
  matchGuestInputSchema,
} from '@versus/common/api/game-servers';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
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

/** The named guests (casters, observers) the roster lock lets on a match's server. */
export function useMatchGuests(matchId: number) {
  return useQuery({
    queryKey: [...adminKeys.gameServers, 'guests', matchId],
    queryFn: async () =>
      (await apiClient.get<DataEnvelope<MatchGuest[]>>(`/api/v1/admin/matches/${matchId}/guests`)).data.data,
  });
}

export function useAddGuest(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof matchGuestInputSchema>) =>
      (await apiClient.post<DataEnvelope<MatchGuest>>(`/api/v1/admin/matches/${matchId}/guests`, input)).data
        .data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...adminKeys.gameServers, 'guests', matchId] }),
  });
}

export function useRemoveGuest(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guestId: number) => apiClient.delete(`/api/v1/admin/matches/${matchId}/guests/${guestId}`),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...adminKeys.gameServers, 'guests', matchId] }),
  });
}

/**
 * Moves a match in progress to another server, configured the same way; the old one is released. The toasts
 * are the mutation's own: the form asking sits under the old server and is gone once the list shows it free,
 * which can happen before the answer arrives (a callback of `mutate` would then never run).
 */
export function useMoveMatchServer(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (gameServerId: number) =>
      (
        await apiClient.post<z.infer<typeof gameServerCommandAnswer>>(
          `/api/v1/admin/matches/${matchId}/move-server`,
          {
            gameServerId,
          },
        )
      ).data,
    onSuccess: (answer) => {
      notify.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: adminKeys.gameServers });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
}
