// Games, map pools, map images and the three competitions (docs/admin.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminGame,
  AdminLadder,
  AdminMapPool,
  AdminSoloQueue,
  AdminTournament,
  GameInput,
  SeasonInput,
  LadderUpdateInput,
  MapPoolInput,
  SoloQueueInput,
  TournamentInput,
  TournamentSeedsAnswer,
  TournamentUpdateInput,
} from '@versus/common/api/admin';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { tournamentKeys } from '@/lib/tournaments/tournament-keys';
import { adminKeys } from './admin-keys';

const list =
  <T>(url: string) =>
  async (): Promise<T[]> =>
    (await apiClient.get<DataEnvelope<T[]>>(url)).data.data;

export const useAdminGames = () =>
  useQuery({ queryKey: adminKeys.games, queryFn: list<AdminGame>('/api/v1/admin/games') });
export const useAdminMapPools = () =>
  useQuery({ queryKey: adminKeys.mapPools, queryFn: list<AdminMapPool>('/api/v1/admin/map-pools') });
export const useAdminLadders = () =>
  useQuery({ queryKey: adminKeys.ladders, queryFn: list<AdminLadder>('/api/v1/admin/ladders') });
export const useAdminTournaments = () =>
  useQuery({ queryKey: adminKeys.tournaments, queryFn: list<AdminTournament>('/api/v1/admin/tournaments') });
export const useAdminSoloQueues = () =>
  useQuery({ queryKey: adminKeys.soloQueues, queryFn: list<AdminSoloQueue>('/api/v1/admin/solo-queues') });

/** POST (no id) or PATCH (with id) on an admin collection; refreshes its list. */
function useSave<I extends object, A>(path: string, key: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: I & { id?: number }): Promise<A> =>
      id === undefined
        ? (await apiClient.post<DataEnvelope<A>>(path, input)).data.data
        : (await apiClient.patch<DataEnvelope<A>>(`${path}/${id}`, input)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveGame = () =>
  useSave<Partial<GameInput>, AdminGame>('/api/v1/admin/games', adminKeys.games);
export const useSaveMapPool = () =>
  useSave<Partial<MapPoolInput>, AdminMapPool>('/api/v1/admin/map-pools', adminKeys.mapPools);
export const useSaveLadder = () =>
  useSave<LadderUpdateInput, AdminLadder>('/api/v1/admin/ladders', adminKeys.ladders);
export const useSaveSoloQueue = () =>
  useSave<Partial<SoloQueueInput>, AdminSoloQueue>('/api/v1/admin/solo-queues', adminKeys.soloQueues);
export const useSaveTournament = () =>
  useSave<Partial<TournamentInput> | TournamentUpdateInput, AdminTournament>(
    '/api/v1/admin/tournaments',
    adminKeys.tournaments,
  );

/** Uploads a map's image (the file's bytes as the body; the server checks the content). */
export function useUploadMapImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) =>
      apiClient.post(`/api/v1/admin/maps/${id}/image`, file, {
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.maps }),
  });
}

/** Adds a ladder's next season. */
export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ladderId, ...input }: SeasonInput & { ladderId: number }) =>
      apiClient.post(`/api/v1/admin/ladders/${ladderId}/seasons`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ladders }),
  });
}

/** Seeds an upcoming, hand-seeded tournament: signed-up team ids, best seed first. */
export function useSaveSeeds(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, teamIds }: { id: number; teamIds: number[] }) =>
      (await apiClient.put<TournamentSeedsAnswer>(`/api/v1/admin/tournaments/${id}/seeds`, { teamIds })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.page(slug) }),
  });
}
