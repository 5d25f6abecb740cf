import type { GameServerStatus } from '@versus/common/api/game-servers';
import type { MatchServer } from '@versus/common/api/matches';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export type { MatchServer };
export type ServerKick = MatchServer['kicks'][number];
export type ServerAbsence = MatchServer['absences'][number];
export type MatchRestore = NonNullable<MatchServer['restore']>;
/** `GET /api/v1/game-server/{uuid}/status`. */
export type ServerStatus = GameServerStatus;

/** The server box polls every 30 s, every 10 s while the server is starting. */
export function serverPollMs(status: ServerStatus['status'] | undefined): number {
  return status === 'STARTING' ? 10_000 : 30_000;
}

export async function getMatchServer(matchId: number): Promise<MatchServer> {
  const response = await apiClient.get<DataEnvelope<MatchServer>>(`/api/v1/match/${matchId}/server`);
  return response.data.data;
}

export async function getServerStatus(uuid: string): Promise<ServerStatus> {
  const response = await apiClient.get<ServerStatus>(`/api/v1/game-server/${uuid}/status`);
  return response.data;
}

/** The match's server, asked only in the statuses that show the box (2 and 4). */
export function useMatchServer(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.server(matchId), queryFn: () => getMatchServer(matchId), enabled }),
  );
}

/** The server's live status, polled while shown. */
export function useServerStatus(uuid: string | null) {
  return useQuery(
    queryOptions({
      queryKey: matchKeys.serverStatus(uuid ?? ''),
      queryFn: () => getServerStatus(uuid ?? ''),
      enabled: uuid !== null,
      refetchInterval: (query) => serverPollMs(query.state.data?.status),
    }),
  );
}

/** An admin's "Restart the map at the score" (`POST /api/v1/match/{id}/server/restore`); the box refetches. */
export function useRestoreMap(matchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiClient.post<{ message: string }>(`/api/v1/match/${matchId}/server/restore`);
      return response.data.message;
    },
    onSuccess: (message) => notify.success(message),
    onError: (error) => notify.error(`An error has occurred: ${errorMessage(error)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.server(matchId) }),
  });
}
