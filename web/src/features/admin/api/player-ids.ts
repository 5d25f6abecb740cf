// Player ids for admins: the refused claims the game servers reported, and binding an id to an account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoundPlayerId, IdentityConflict } from '@versus/common/api/game-servers';
import type { UserProfile } from '@versus/common/api/users';
import { apiClient } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import type { DataEnvelope } from '@/types/api';
import { adminKeys } from './admin-keys';

/** Refused claims of a player id, newest first (at most 100). */
export function useIdentityConflicts() {
  return useQuery({
    queryKey: adminKeys.identityConflicts,
    queryFn: async () =>
      (await apiClient.get<DataEnvelope<IdentityConflict[]>>('/api/v1/admin/identity-conflicts')).data.data,
  });
}

/** The id of the account called `username`, or null when there is none. */
export async function findUserId(username: string): Promise<number | null> {
  try {
    const url = `/api/v1/users/${encodeURIComponent(username)}`;
    return (await apiClient.get<DataEnvelope<UserProfile>>(url)).data.data.id;
  } catch (err) {
    if (errorStatus(err) === 404) return null;
    throw err;
  }
}

export interface BindPlayerIdInput {
  userId: number;
  gameSlug: string;
  playerId: string;
}

/** Binds a player id to an account for a game, moving it from any other account; answers the account's ids. */
export function useBindPlayerId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, gameSlug, playerId }: BindPlayerIdInput) =>
      (
        await apiClient.put<DataEnvelope<BoundPlayerId[]>>(
          `/api/v1/admin/users/${userId}/player-ids/${encodeURIComponent(gameSlug)}`,
          { playerId },
        )
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.identityConflicts }),
  });
}
